/**
 * A real SMTP server for the identity e2e tests: the reference server is started with
 * `VIGIL_SMTP_URL` pointing at `E2E_SMTP_PORT` (playwright.config.ts), and a spec that reads mail
 * listens there for the length of its file. Messages are kept decoded (quoted-printable bodies),
 * so a test can wait for the one sent to an address and read a code or a link from it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** The port the e2e server sends mail to (set by playwright.config.ts for the workers). */
export const E2E_SMTP_PORT = Number(process.env.VIGIL_E2E_SMTP_PORT ?? 0);

export interface Mail {
  to: string[];
  subject: string;
  /** The decoded message text (headers and parts). */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

export class Mailbox {
  private server: SMTPServer | undefined;
  private readonly mails: Mail[] = [];

  async start(port = E2E_SMTP_PORT): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString();
          this.mails.push({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            subject: decodeSubject(raw),
            text: decodeQuotedPrintable(raw),
          });
          callback();
        });
      },
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The newest mail to `address` received after `since` mails (poll every 100 ms, 15 s). */
  async waitFor(address: string, since = 0, timeoutMs = 15_000): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails
        .slice(since)
        .filter((mail) => mail.to.includes(address.toLowerCase()))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** How many mails have arrived (a mark for `waitFor`). */
  count(): number {
    return this.mails.length;
  }
}

/** The first link in a mail to `path` on the console (e.g. `/verification`). */
export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"'<>]*${path.replace(/\//g, '\\/')}\\?[^\\s"'<>]+`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, '&');
}

/** The first code of `digits` digits in a mail. */
export function codeIn(mail: Mail, digits = 6): string {
  const match = new RegExp(`\\b(\\d{${digits}})\\b`).exec(
    mail.text
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n'),
  );
  if (!match?.[1]) throw new Error(`no ${digits}-digit code in the mail "${mail.subject}"`);
  return match[1];
}
