/**
 * Handlers of the custom queries and mutations (server/graphql/custom-operations.ts), keyed
 * `Type.field`. The account operations arrive with the accounts work (issue 3).
 */
import type { SessionStore } from '../auth/sessions';
import type { CustomHandler } from '../graphql/engine';

export interface HandlerDeps { sessions: SessionStore }

/** Operations a signed-in user (not only an admin) may call, on their own session. */
export const SELF_SERVICE_FIELDS: ReadonlySet<string> = new Set(['Mutation.signOut']);

export function buildHandlers(_deps: HandlerDeps): Record<string, CustomHandler> {
  return {};
}
