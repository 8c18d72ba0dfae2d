/**
 * The outbox (decision 0366): where the shop's e-mail goes when no mail server is set. Each message
 * is composed by Nodemailer as the SMTP path would send it (its stream transport: headers, MIME
 * parts and attachments, CRLF lines) and kept whole as one `.eml` file named by the time it was
 * written, so names sort by time. Staff read them back, newest first, through listOutbox. Where
 * the files live is a port: a folder of the data directory locally (outbox-files.ts), the `outbox/`
 * prefix of the media bucket in the cloud (amplify/functions/common/s3-outbox.ts).
 */
import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer from 'nodemailer';
import type { OutboxMail, OutboxPage } from '../../shared/outbox';
import type { Principal } from '../auth/authorizer';
import { staffOf } from '../auth/callers';
import type { Mailer } from './mailer';
import { isOutboxName, outboxName, outboxNameTime, type OutboxQuery } from './outbox-query';

/** Where the messages are kept. */
export interface OutboxFiles {
  /** Keeps a new message under `name` (names are never reused). */
  put(name: string, message: Buffer): Promise<void>;
  /** The names kept, in any order (other names there are passed over). */
  names(): Promise<string[]>;
  /** The message, or null when it is gone meanwhile (expired). */
  get(name: string): Promise<Buffer | null>;
}

const addressText = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).map((address) => address.text).join(', ');

export class Outbox {
  constructor(
    private readonly files: OutboxFiles,
    private readonly now: () => number = Date.now,
  ) {}

  /** A mailer that keeps each message here, From `from`, as the SMTP path would have sent it. */
  mailer(from: string): Mailer {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    return {
      send: async (message) => {
        const { message: composed } = await transport.sendMail({ from, ...message });
        await this.files.put(outboxName(this.now()), composed as Buffer);
      },
    };
  }

  /** A page of the kept mails, newest first: staff only (the authorizer said so first). */
  async list(query: OutboxQuery, caller: Principal | null): Promise<OutboxPage> {
    staffOf(caller);
    const names = (await this.files.names()).filter(isOutboxName).sort().reverse();
    const start = query.nextToken === null ? 0 : names.findIndex((name) => name < query.nextToken!);
    if (start < 0) return { mails: [], nextToken: null };
    const page = names.slice(start, start + query.limit);
    const mails = await Promise.all(page.map((name) => this.read(name)));
    return {
      mails: mails.filter((mail): mail is OutboxMail => mail !== null),
      nextToken: start + query.limit < names.length ? page.at(-1)! : null,
    };
  }

  /** One message read back (mailparser, the Nodemailer project's parser): who it is to, its subject and text. */
  private async read(name: string): Promise<OutboxMail | null> {
    const raw = await this.files.get(name);
    if (!raw) return null;
    const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
    return {
      id: name,
      at: outboxNameTime(name),
      to: addressText(mail.to),
      subject: mail.subject ?? '',
      text: (mail.text ?? '').trimEnd(),
      attachments: mail.attachments.map((file) => file.filename ?? '').filter(Boolean),
    };
  }
}
