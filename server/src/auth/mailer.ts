/**
 * The identity flows' mail (verification and recovery codes), over SMTP with nodemailer when
 * `VIGIL_SMTP_URL` is set (`smtp://user:pass@host:port/?from=vigil@example.test`, parsed like a
 * notification service's URL). Without it, or when sending fails, the message's link is printed as
 * one line in the server log instead (docs/identity.md "Reference server"): a flow never fails
 * because mail failed.
 */
import { smtpSender, smtpTransport, type SmtpTransport } from '../mail/smtp-transport';
import { smtpFromUrl } from '../notifications/delivery';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the log line shows when the mail is not sent (the link with the code). */
  link: string;
}

export interface Mailer {
  /** Send, or log the link; never throws. Resolves `sent` or `logged`. */
  send(message: MailMessage): Promise<'sent' | 'logged'>;
}

const TIMEOUT_MS = 10_000;

export function createMailer(
  smtpUrl: string | undefined,
  log: (line: string) => void = (line) => console.warn(line),
): Mailer {
  const fallback = (message: MailMessage, reason: string): 'logged' => {
    log(`[vigil mail] not sent (${reason}) to ${message.to}: ${message.subject}: ${message.link}`);
    return 'logged';
  };
  if (!smtpUrl) {
    return { send: async (message) => fallback(message, 'VIGIL_SMTP_URL is not set') };
  }
  return {
    async send(message) {
      let transport: SmtpTransport | undefined;
      try {
        const { smtp } = smtpFromUrl(smtpUrl);
        transport = smtpTransport(smtp, TIMEOUT_MS);
        await transport.sendMail({
          from: smtpSender(smtp),
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        return 'sent';
      } catch (error: unknown) {
        // The error text of nodemailer never holds the SMTP password (smtpFromUrl redacts its own).
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return fallback(message, `SMTP failed: ${reason}`);
      } finally {
        transport?.close();
      }
    },
  };
}
