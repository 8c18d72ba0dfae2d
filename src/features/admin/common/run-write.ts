/**
 * The admin screens' one way to run a write and say how it went (product §8): the success toast, or
 * the failure toast with the server's own refusal (a ValidationError's message) else `failure`.
 * An ended session is not toasted again (the admin client already said so).
 */
import { SessionEndedError } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { userFacingMessage } from './graphql-errors';

/** Resolves null when it worked, else the failure's message ('' when the session ended). */
export async function runWrite(write: () => Promise<unknown>, success: string, failure: string): Promise<string | null> {
  try {
    await write();
  } catch (error) {
    if (error instanceof SessionEndedError) return '';
    const message = userFacingMessage(error, failure);
    notify.error(message);
    return message;
  }
  notify.success(success);
  return null;
}
