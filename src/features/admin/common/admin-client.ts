/**
 * The admin screens' data client: the app's one client (lib/amplify), with the signed-in session
 * attached to every call, so screens call `adminClient.models.Tag.list({ limit })` as they would
 * the public client. Without a session, or when the server answers that the session is no longer
 * valid, the session is ended (RequireAdmin then sends the admin to /login), the notice is
 * toasted once, and the call rejects with SessionEndedError, which screens need not toast.
 */
import { client, type DataClient } from '../../../lib/amplify';
import { endSession, getSignedInOptions, runSignedIn, SessionEndedError, type SignedInOptions } from '../../../lib/auth';

/**
 * Which argument of a call holds its options: `graphql(options)`, `list(options)`, an operation
 * without arguments `op(options)`, else `op(input, options)`.
 */
const optionsIndex = (path: readonly string[], args: readonly unknown[]) =>
  path[0] === 'graphql' || path[path.length - 1] === 'list' || args.length === 0 ? 0 : 1;

function withSession(args: unknown[], index: number, auth: SignedInOptions): unknown[] {
  const withAuth = [...args];
  while (withAuth.length <= index) withAuth.push(undefined);
  withAuth[index] = { ...(withAuth[index] as object | undefined), ...auth };
  return withAuth;
}

function sessionEnded(): void {
  endSession();
  void import('../../../lib/notify').then(({ notify }) => notify.error(new SessionEndedError().message));
}

function signedIn(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : signedIn([...path, key])),
    apply: (_target, _this, args: unknown[]) =>
      runSignedIn(
        (auth) => {
          const owner = path
            .slice(0, -1)
            .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, client as never);
          return (owner[path[path.length - 1]!] as (...callArgs: unknown[]) => Promise<unknown>)(
            ...withSession(args, optionsIndex(path, args), auth),
          );
        },
        getSignedInOptions,
        sessionEnded,
      ),
  });
}

export const adminClient = signedIn([]) as DataClient;
