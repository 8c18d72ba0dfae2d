/**
 * A real SMTP server on a loopback port for tests (smtp-server, the Nodemailer project's own),
 * keeping every message it receives, parsed (mailparser). No TLS and no login: it only ever
 * listens on 127.0.0.1.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** Files sent with it (an RSVP's calendar file), their content as text. */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

export interface SmtpInbox {
  port: number;
  messages: ReceivedMail[];
  /** The next message to `to` (already here or arriving within `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The SMTP_* settings a shop server needs to send here. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Listens on `port` (any free one by default). */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const addresses = (field: typeof mail.to) => (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ');
          messages.push({
            to: addresses(mail.to),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content.toString('utf8'),
            })),
          });
          for (const wake of waiting.splice(0)) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const boundPort = (server.server.address() as AddressInfo).port;
  const seen = new Set<ReceivedMail>();
  return {
    port: boundPort,
    messages,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(boundPort),
      SMTP_SECURE: 'false',
      SMTP_FROM: 'Patterson Wine & Liquor <shop@example.com>',
    },
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((message) => !seen.has(message) && message.to.includes(to));
        if (found) {
          seen.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
