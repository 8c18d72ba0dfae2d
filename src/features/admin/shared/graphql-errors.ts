/**
 * Reading the errors of a data-client call (pure; no React).
 *
 * The model client resolves with `{ data, errors }`; `client.graphql` throws `{ data, errors }`
 * instead. Each error may carry an `errorType` (one of ERROR_TYPES, shared with the server) and a
 * `message`.
 *
 *     const { data, errors } = await signedInCall((auth) => client.models.Tag.delete({ id }, auth));
 *     if (errors?.length || !data) throw new Error(firstErrorMessage(errors) ?? 'Error Deleting Tag');
 */
import { ERROR_TYPES } from '../../../../shared/error-types';

export interface ApiError {
  message?: string;
  errorType?: string;
}

/** The errors array of a result or of a thrown `{ errors }` (empty when there is none). */
export function errorsOf(resultOrErrors: unknown): ApiError[] {
  if (Array.isArray(resultOrErrors)) return resultOrErrors.filter((e): e is ApiError => typeof e === 'object' && e !== null);
  if (typeof resultOrErrors === 'object' && resultOrErrors !== null && 'errors' in resultOrErrors) {
    return errorsOf((resultOrErrors as { errors?: unknown }).errors);
  }
  return [];
}

/** Whether any error has this `errorType`. */
export function hasErrorType(resultOrErrors: unknown, errorType: string): boolean {
  return errorsOf(resultOrErrors).some((error) => error.errorType === errorType);
}

/** The first error's message, or undefined. */
export function firstErrorMessage(resultOrErrors: unknown): string | undefined {
  const message = errorsOf(resultOrErrors).find((error) => typeof error.message === 'string' && error.message)?.message;
  return message || undefined;
}

/**
 * The message of a `ValidationError` (the server's user-facing refusals: a bad image, a bad
 * value), else `fallback`. Other errors (internal ones) are not shown to staff as they are.
 */
export function userFacingMessage(resultOrErrors: unknown, fallback: string): string {
  const validation = errorsOf(resultOrErrors).find((error) => error.errorType === ERROR_TYPES.validation && error.message);
  return validation?.message ?? fallback;
}
