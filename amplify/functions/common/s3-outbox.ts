/**
 * The outbox in the cloud (decision 0366): without SMTP_* in a function's environment, its e-mails
 * are kept as objects `outbox/<name>.eml` of the media bucket, the same names and bytes as the
 * local server's files (server/accounts/outbox.ts). CloudFront never serves the prefix and a
 * lifecycle rule deletes them after OUTBOX_KEEP_DAYS (amplify/backend.ts).
 */
import type { OutboxFiles } from '../../../server/accounts/outbox';
import { isOutboxName } from '../../../server/accounts/outbox-query';

export const OUTBOX_KEY_PREFIX = 'outbox/';

/** The S3 calls the outbox makes (s3-client.ts adapts the SDK; tests use a Map). */
export interface OutboxObjectPort {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Every key under `prefix`, all pages of the listing. */
  keys(prefix: string): Promise<string[]>;
  /** The object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
}

export class S3OutboxFiles implements OutboxFiles {
  constructor(private readonly objects: OutboxObjectPort) {}

  put(name: string, message: Buffer): Promise<void> {
    return this.objects.put(`${OUTBOX_KEY_PREFIX}${name}`, message, 'message/rfc822');
  }

  async names(): Promise<string[]> {
    return (await this.objects.keys(OUTBOX_KEY_PREFIX)).map((key) => key.slice(OUTBOX_KEY_PREFIX.length));
  }

  async get(name: string): Promise<Buffer | null> {
    return isOutboxName(name) ? this.objects.get(`${OUTBOX_KEY_PREFIX}${name}`) : null;
  }
}
