/**
 * The account page's calls (decisions 0302 to 0304): the signed-in customer's own account through
 * the app's data client with the session attached, and the public confirmation of a link. Each
 * resolves to the data or `{ message }` (the server's first message); a session the server no
 * longer accepts ends here and rejects with SessionEndedError (the page goes to /login).
 */
import { client } from '../../lib/amplify';
import { endSession, sessionStore, type AuthSessionData } from '../../lib/auth';
import { mapped, outcomeOf, signedIn, type Outcome, type Response } from '../../lib/signed-in-call';
import { MESSAGES } from '../../../shared/messages';

export { toast, type Outcome } from '../../lib/signed-in-call';

export interface Account {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  emailConfirmed: boolean;
}

const asAccount = (user: Record<string, unknown>): Account => ({
  id: String(user.id),
  email: String(user.email),
  name: String(user.name),
  phone: typeof user.phone === 'string' ? user.phone : null,
  emailConfirmed: user.emailConfirmed === true,
});

export const loadAccount = async () =>
  mapped(await signedIn((auth) => client.queries.myAccount(auth) as Promise<Response<Record<string, unknown>>>), asAccount);

export interface DetailsInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  currentPassword: string;
}

export async function saveDetails(input: DetailsInput): Promise<Outcome<Account>> {
  const outcome = mapped(
    await signedIn((auth) => client.mutations.updateMyAccount(input, auth) as Promise<Response<Record<string, unknown>>>),
    asAccount,
  );
  // The header greets by the stored name: keep it in step.
  const session = sessionStore.getSnapshot();
  if (outcome.ok && session) {
    sessionStore.save({
      token: session.authToken,
      userId: session.userId,
      name: outcome.data.name,
      type: session.role ?? 1,
      expiresAt: session.expiresAt,
    });
  }
  return outcome;
}

/** Sets a new password; the server ends every session and answers with this browser's new one. */
export async function changePassword(input: { currentPassword: string; password: string; confirmPassword: string }) {
  const outcome = await signedIn((auth) => client.mutations.changeMyPassword(input, auth) as Promise<Response<AuthSessionData>>);
  if (outcome.ok) sessionStore.save(outcome.data);
  return outcome;
}

export const sendConfirmation = () => signedIn((auth) => client.mutations.sendEmailConfirmation(auth) as Promise<Response<boolean>>);

/** Deletes the account; then this browser's session is gone too. */
export async function deleteAccount(currentPassword: string) {
  const outcome = await signedIn((auth) => client.mutations.deleteMyAccount({ currentPassword }, auth) as Promise<Response<boolean>>);
  if (outcome.ok) endSession();
  return outcome;
}

/** Confirms an address with a link's token: public, so the link works in any browser. */
export async function confirmEmail(token: string): Promise<Outcome<boolean>> {
  try {
    return outcomeOf((await client.mutations.confirmEmail({ token })) as Response<boolean>);
  } catch (error) {
    return { ok: false, message: error instanceof Error && error.message ? error.message : MESSAGES.genericError };
  }
}
