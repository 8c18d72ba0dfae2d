/**
 * The shop's e-mail (password resets, decision 0258; confirmations, reservations, "notify me",
 * RSVPs), sent with Nodemailer over SMTP when the shop sets SMTP_HOST (README: Mail). Without it
 * every message is kept in the outbox instead (decision 0366), where staff read it on
 * /admin-outbox: `shopMail` makes that choice once, where each backend builds its mailers, and no
 * service knows which it got.
 */
import nodemailer from 'nodemailer';
import type { MailDelivery } from '../../shared/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (an event's .ics with an RSVP's confirmation, decision 0346); Nodemailer's own form. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  /** The From address, e.g. "Patterson Wine & Liquor <shop@example.com>". */
  from: string;
}

/** SMTP_HOST, SMTP_PORT (587), SMTP_SECURE, SMTP_USER, SMTP_PASSWORD, SMTP_FROM; null without SMTP_HOST. */
export function smtpSettingsFrom(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const from = env.SMTP_FROM?.trim();
  if (!from) throw new Error('SMTP_FROM must be set with SMTP_HOST: the address password reset e-mails come from');
  const port = Number(env.SMTP_PORT ?? 587);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SMTP_PORT must be a port number, not ${env.SMTP_PORT}`);
  return {
    host,
    port,
    secure: env.SMTP_SECURE === 'true' || (env.SMTP_SECURE === undefined && port === 465),
    user: env.SMTP_USER?.trim() || null,
    password: env.SMTP_PASSWORD ?? null,
    from,
  };
}

export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // A mail server that hangs must not hold a request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from: settings.from, ...message });
    },
  };
}

/** The From address of the mails kept in the outbox: `.invalid` (RFC 2606), for they went nowhere. */
export const OUTBOX_FROM = 'Patterson Wine & Liquor <outbox@shop.invalid>';

/** How the shop's mail leaves, chosen once where a backend builds its mailers (decision 0366). */
export interface ShopMail {
  delivery: MailDelivery;
  /** Sends each message (SMTP) or keeps it (the outbox); whoever builds a service decides whether it waits. */
  transport: Mailer;
  /** The From address: SMTP_FROM, or the outbox's own (the reservation mails' fallback for the shop's address). */
  from: string;
}

/** Over SMTP when it is set, else into the outbox: `outboxMailer` makes a mailer that keeps messages From the address given. */
export function shopMail(smtp: SmtpSettings | null, outboxMailer: (from: string) => Mailer): ShopMail {
  if (smtp) return { delivery: 'smtp', transport: smtpMailer(smtp), from: smtp.from };
  return { delivery: 'outbox', transport: outboxMailer(OUTBOX_FROM), from: OUTBOX_FROM };
}

/**
 * The start log's line on mail: where it goes, the mail server's host and port (never its user or
 * password), or the outbox's folder and the page that shows it.
 */
export function mailStartLine(smtp: SmtpSettings | null, outboxPath: string, outboxPage: string): string {
  if (!smtp) return `No mail server set (SMTP_HOST): e-mails are kept in ${outboxPath}, and admins read them at ${outboxPage}`;
  const security = smtp.secure ? 'TLS' : 'STARTTLS when offered';
  return `E-mails go out through ${smtp.host}:${smtp.port} (${security}) from ${smtp.from}`;
}

/**
 * Sends without making the caller wait: the answer to "Forgot password?" must take as long for
 * an unknown address as for a known one. Failures are reported to `onError` (the log).
 */
export function inBackground(mailer: Mailer, onError: (error: unknown) => void): Mailer {
  return {
    async send(message) {
      void mailer.send(message).catch(onError);
    },
  };
}

/**
 * A failed send as an operator line may show it: the error's name and Nodemailer's codes
 * (ECONNECTION, EENVELOPE, an SMTP reply code), never its message, which can quote the mail
 * server's answer and through it the message's recipients or text (decision 0266).
 */
export function mailErrorText(error: unknown): string {
  if (!(error instanceof Error)) return 'an unknown error';
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown };
  return [
    error.name,
    typeof code === 'string' ? code.replace(/[^A-Z0-9_]/gi, '').slice(0, 40) : null,
    typeof responseCode === 'number' ? String(responseCode) : null,
  ]
    .filter(Boolean)
    .join(' ');
}
