/**
 * The outbox's names and listOutbox's arguments (decision 0366), apart from outbox.ts so the
 * operation's declaration (server/composition/features/outbox.ts) loads neither Nodemailer nor the
 * parser: the authorizer's bundle reads every declaration.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_OUTBOX_PAGE, MAX_OUTBOX_PAGE } from '../../shared/outbox';
import { validationError } from '../errors';

/** `2026-11-28T16-22-17.123Z-1a2b3c4d.eml`: the UTC time written (colons are not for file names), then 8 random hex digits. */
const NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/;

export const isOutboxName = (name: string): boolean => NAME.test(name);

/** The name of a message written at `at` (ms). */
export const outboxName = (at: number, random = randomBytes(4).toString('hex')): string =>
  `${new Date(at).toISOString().replace(/:/g, '-')}-${random}.eml`;

/** When the message named `name` was written, as an ISO time. */
export const outboxNameTime = (name: string): string => name.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');

export interface OutboxQuery {
  limit: number;
  /** The last name of the page before (newest first); null for the first page. */
  nextToken: string | null;
}

/** listOutbox's arguments checked: a limit in range, a nextToken that is a name this outbox gives. */
export function outboxQueryOf(args: Record<string, unknown>): OutboxQuery {
  const { limit, nextToken } = args;
  if (limit != null && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_OUTBOX_PAGE)) {
    throw validationError(`The limit must be between 1 and ${MAX_OUTBOX_PAGE}`);
  }
  if (nextToken != null && (typeof nextToken !== 'string' || !isOutboxName(nextToken))) throw validationError('Invalid nextToken');
  return { limit: (limit as number | null | undefined) ?? DEFAULT_OUTBOX_PAGE, nextToken: nextToken || null };
}
