/**
 * What a request carries into resolvers and custom handlers, on both backends. Kept free of the
 * SQLite engine so the Lambda bundles can import it without the native module.
 */
import { AppError } from '../errors';
import type { ModelStore } from '../db/model-store';
import type { AuthMode } from './appsync-sdl';
import type { Principal } from '../auth/authorizer';
import type { RemainingTime } from '../../shared/work-deadline';

export interface RequestAuth {
  mode: AuthMode;
  principal: Principal | null;
  /** `Type.field` root fields the authorizer denied. */
  deniedFields: ReadonlySet<string>;
  /** The raw session token, for handlers that manage the caller's own session. */
  token: string | null;
}

/**
 * The public API key's caller: what the server's own reads of public data run as (the first
 * screen, the sitemap, the calendar files), so they see exactly what a storefront visitor may.
 * Frozen, and its denied set empty and never written: one object shared by every such read.
 */
export const PUBLIC_API_KEY_CALLER: Readonly<RequestAuth> = Object.freeze({
  mode: 'apiKey',
  principal: null,
  deniedFields: new Set<string>(),
  token: null,
});

export interface RequestContext {
  auth: RequestAuth;
  clientIp: string;
  store: ModelStore;
  /** Records this request may still read; nested lists multiply, so one request is capped. */
  rowBudget: { remaining: number };
  /**
   * What a request from outside pays once its cost is known (the GraphQL route sets it for the
   * public and customers; the server's own reads and admins have none): its place in the dear
   * lane is bounded per `key`, and its cost is taken from the address's rate budget.
   */
  admission?: RequestAdmission;
  /**
   * The time this request may still work (decision 0307): in a Lambda its remaining time; unset
   * locally, where a handler with a loop of batches takes the same time from its start.
   */
  remainingMs?: RemainingTime;
}

export interface RequestAdmission {
  /** The caller's address key (throttle.ts addressKey). */
  key: string;
  /** Takes `tokens` (cost.ts tokensForRequest) from the address's rate budget: 0 when allowed, else the milliseconds until they are there. */
  charge: (tokens: number) => number;
}

/** At most this many records per request, across all lists and nested relations. */
export const MAX_ROWS_PER_REQUEST = 20_000;

export const newRowBudget = () => ({ remaining: MAX_ROWS_PER_REQUEST });

/** Counts records read (list rows and single lookups alike) against the request's budget. */
export function spendRows(context: RequestContext, rows: number): void {
  context.rowBudget.remaining -= rows;
  if (context.rowBudget.remaining < 0) {
    throw new AppError(
      'ValidationError',
      `The request reads more than ${MAX_ROWS_PER_REQUEST} records; ask for fewer (smaller limits or fewer nested lists).`,
    );
  }
}

export type CustomHandler = (args: Record<string, unknown>, context: RequestContext) => unknown;
