/**
 * The custom (Lambda) authorizer's decision, as a pure function: the same code decides locally
 * and in the cloud's authorizer function. Admins may call everything; users and guests only what
 * the public may, plus managing their own session.
 */
import { ROLE_ADMIN, type Role } from '../../shared/roles';

export interface Principal {
  userId: string;
  name: string;
  type: Role;
}

/** Which root fields exist under which mode, read from the AppSync SDL. */
export interface FieldPolicy {
  /** Every root field callable in lambda mode, as `Type.field`. */
  lambdaFields: readonly string[];
  /** Root fields the public may call (those with @aws_api_key). */
  publicFields: ReadonlySet<string>;
  /** Root fields any signed-in caller may use on their own account (e.g. Mutation.signOut). */
  selfServiceFields: ReadonlySet<string>;
}

export interface AuthorizerResult {
  isAuthorized: boolean;
  /** Root fields denied to this caller, `Type.field` (AppSync's deniedFields). */
  deniedFields: string[];
  /** Who is calling, for the cloud's functions: id, role, and name (the activity log's actor). */
  resolverContext: { userId: string; type: string; name: string } | null;
  /** Seconds AppSync may cache this decision for this token (0: ask again on the next request). */
  ttlOverride: number;
}

/**
 * How long AppSync may cache a refusal (and the API's default). A refusal is final: tokens are
 * random and issued before use, sessions are read consistently, and none comes back once ended.
 */
export const AUTHORIZER_TTL_SECONDS = 10;

/**
 * A grant is never cached, so a sign-out, a deleted admin or a demotion stops that token on its
 * very next request, as on the local server (AppSync reads `ttlOverride` per answer; 0 disables
 * caching). The SPA sends the token only on signed-in calls (admin work and signing out), so the
 * authorizer runs once per such call and never for the public pages.
 */
export const GRANT_TTL_SECONDS = 0;

export function decideAccess(principal: Principal | null, policy: FieldPolicy): AuthorizerResult {
  if (!principal) return { isAuthorized: false, deniedFields: [], resolverContext: null, ttlOverride: AUTHORIZER_TTL_SECONDS };
  const resolverContext = { userId: principal.userId, type: String(principal.type), name: principal.name };
  if (principal.type === ROLE_ADMIN) return { isAuthorized: true, deniedFields: [], resolverContext, ttlOverride: GRANT_TTL_SECONDS };
  const deniedFields = policy.lambdaFields.filter((field) => !policy.publicFields.has(field) && !policy.selfServiceFields.has(field));
  return { isAuthorized: true, deniedFields, resolverContext, ttlOverride: GRANT_TTL_SECONDS };
}
