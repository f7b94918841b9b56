/**
 * The nodemailer SMTP transport of Vigil's mail: the identity flows' codes (auth/mailer.ts) and
 * notification e-mail (notifications/delivery.ts) connect the same way.
 */
import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../notifications/delivery';

export type SmtpTransport = ReturnType<typeof nodemailer.createTransport>;

/**
 * A transport for `smtp`: `ImplicitTLS` connects with TLS, `ExplicitTLS` requires STARTTLS,
 * `None` never upgrades and `Auto` upgrades when the server offers it; every wait (connection,
 * greeting, socket) is cut at `timeoutMs`. The caller closes it.
 */
export function smtpTransport(smtp: SmtpSettings, timeoutMs: number): SmtpTransport {
  const encryption = smtp.encryption.toLowerCase();
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: encryption === 'implicittls',
    requireTLS: encryption === 'explicittls',
    ignoreTLS: encryption === 'none',
    auth: smtp.username ? { user: smtp.username, pass: smtp.password ?? '' } : undefined,
    tls: { rejectUnauthorized: !smtp.insecureTls },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** The From of a message: the address, with its display name when there is one. */
export function smtpSender(smtp: SmtpSettings): string | { name: string; address: string } {
  return smtp.fromName ? { name: smtp.fromName, address: smtp.from } : smtp.from;
}
