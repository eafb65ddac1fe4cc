import nodemailer from 'nodemailer';
import type { MailContent } from './templates.js';

export interface OutgoingMail extends MailContent {
  to: string;
  /** Extra headers, e.g. the digest's `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

/** Sends the account mails. Tests may pass their own; the service sends through SMTP. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL (smtp://host:port, smtps://user:pass@host:465), pooled connections. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, textEncoding: 'quoted-printable', ...(mail.headers ? { headers: mail.headers } : {}) });
    },
    close() {
      transport.close();
    },
  };
}
