/**
 * Sends the server's own mails through nodemailer: SMTP_URL when set, else the company's SMTP
 * settings of the messaging console (through the outbound guard, ADR 721), else the local sink
 * (docs/decisions/081).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { bareHost, checkOutboundHost } from '../outbound/outbound-guard.ts';

/** A company's SMTP settings as stored (password included; it is never answered back). */
export interface SmtpSettings {
  host: string;
  port: number;
  username: string | null;
  password?: string | null;
  from_email: string;
  from_name: string | null;
  secure: boolean;
}

/** A file sent with a mail (the quote documents of issue 13). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Sends mails; `companySmtp` is used when no SMTP_URL is configured. */
export interface Mailer {
  send(mail: OutgoingMail, companySmtp?: SmtpSettings | null): Promise<void>;
}

/** Thrown by send() when there is nowhere to send: no SMTP_URL, no company SMTP, no sink. */
export class NoSmtpServerError extends Error {
  constructor() {
    super('No SMTP server is configured.');
    this.name = 'NoSmtpServerError';
  }
}

/** Sender of the server's own mails when no company SMTP says otherwise. */
export const DEFAULT_FROM = 'MGA agent portal <no-reply@localhost>';

/**
 * A mailer over `smtpUrl` (SMTP_URL) or, lacking it, a company's SMTP or `sinkUrl`. With none of
 * them, send() throws NoSmtpServerError; a company SMTP host the outbound guard refuses throws
 * OutboundHostRefused before any connection.
 */
export function createMailer(options: { smtpUrl?: string | null; sinkUrl?: string | null }): Mailer {
  return {
    async send(mail, companySmtp) {
      let transport: Transporter;
      let from = DEFAULT_FROM;
      if (options.smtpUrl) {
        transport = nodemailer.createTransport(options.smtpUrl);
      } else if (companySmtp?.host) {
        // An admin set this host: connect only to an address the outbound guard checked (ADR 721),
        // and still check the TLS certificate against the host name.
        const { address } = await checkOutboundHost(companySmtp.host);
        transport = nodemailer.createTransport({
          host: address,
          port: companySmtp.port,
          secure: companySmtp.secure,
          tls: { servername: bareHost(companySmtp.host) },
          auth: companySmtp.username
            ? { user: companySmtp.username, pass: companySmtp.password ?? '' }
            : undefined,
          connectionTimeout: 10_000,
        });
        from = companySmtp.from_name
          ? `${companySmtp.from_name} <${companySmtp.from_email}>`
          : companySmtp.from_email;
      } else if (options.sinkUrl) {
        transport = nodemailer.createTransport(options.sinkUrl);
      } else {
        throw new NoSmtpServerError();
      }
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: mail.attachments?.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content),
          })),
        });
      } finally {
        transport.close();
      }
    },
  };
}
