/**
 * Where activity entries (shared/activity.ts) are kept and read: SQLite locally
 * (sqlite-activity-log.ts), DynamoDB in the cloud (amplify/functions/common/dynamo-activity.ts).
 * The recorder stamps an entry with its id, time and actor; only the server calls it, never with
 * anything the browser said about who it is.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_ACTIVITY_PAGE, isActivityKind, MAX_ACTIVITY_PAGE, type ActivityEntry, type ActivityKind } from '../../shared/activity';
import { validationError } from '../errors';

export interface ActivityQuery {
  actorId: string | null;
  kind: ActivityKind | null;
  limit: number;
  nextToken: string | null;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  nextToken: string | null;
}

export interface ActivityLog {
  /** Keeps the entry until `expiresAt` (ms); entries expired at `at` may go. */
  add(entry: ActivityEntry, expiresAt: number): void | Promise<void>;
  /** Newest first. A nextToken this log did not issue is a ValidationError. */
  list(query: ActivityQuery): ActivityPage | Promise<ActivityPage>;
}

/** Who did it, as the server knows the caller. */
export interface Actor {
  userId: string;
  name: string;
}

export type ActivityFacts = Omit<ActivityEntry, 'id' | 'at' | 'actorId' | 'actorName'>;

/** A whole entry for what `actor` did now. */
export function stampActivity(facts: ActivityFacts, actor: Actor, now: number): ActivityEntry {
  return { id: randomUUID(), at: new Date(now).toISOString(), actorId: actor.userId, actorName: actor.name, ...facts };
}

/** listActivity's arguments checked: a known kind, a limit in range, strings where strings go. */
export function activityQueryOf(args: Record<string, unknown>): ActivityQuery {
  const { actorId, kind, limit, nextToken } = args;
  if (actorId != null && (typeof actorId !== 'string' || actorId.length > 100)) throw validationError('Unknown person');
  if (kind != null && !isActivityKind(kind)) throw validationError('Unknown kind of activity');
  if (limit != null && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_ACTIVITY_PAGE)) {
    throw validationError(`The limit must be between 1 and ${MAX_ACTIVITY_PAGE}`);
  }
  if (nextToken != null && (typeof nextToken !== 'string' || nextToken.length > 1000)) throw validationError('Invalid nextToken');
  return {
    actorId: actorId || null,
    kind: kind ?? null,
    limit: (limit as number | null | undefined) ?? DEFAULT_ACTIVITY_PAGE,
    nextToken: nextToken || null,
  };
}
