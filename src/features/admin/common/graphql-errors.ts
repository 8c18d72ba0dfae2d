/**
 * Reading the errors of a data-client call (pure; no React).
 *
 * The model client resolves with `{ data, errors }`; `client.graphql` throws `{ data, errors }`
 * instead. Each error may carry an `errorType` (one of ERROR_TYPES, shared with the server) and a
 * `message`. The admin calls throw `ApiCallError` when a call failed, which reads the same way.
 *
 *     const deleted = dataOrThrow(await adminClient.models.Tag.delete({ id }));
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

/** A failed data-client call: an `Error` with the call's errors and the first one's `errorType`. */
export class ApiCallError extends Error {
  readonly errors: ApiError[];
  readonly errorType: string | undefined;

  constructor(errors: readonly unknown[] | null | undefined) {
    const list = errorsOf(errors ?? []);
    super(firstErrorMessage(list) ?? 'The call failed with no error message');
    this.name = 'ApiCallError';
    this.errors = list;
    this.errorType = list.find((error) => error.errorType)?.errorType;
  }
}

/** The data of a call's result; throws ApiCallError when it failed or came back empty. */
export function dataOrThrow<T>(result: { data?: T | null; errors?: readonly unknown[] | null }): T {
  if (result.errors?.length || result.data === null || result.data === undefined) throw new ApiCallError(result.errors);
  return result.data;
}

/** Throws ApiCallError when a call's result has errors (the data may be null: a delete of nothing). */
export function throwOnErrors(result: { errors?: readonly unknown[] | null }): void {
  if (result.errors?.length) throw new ApiCallError(result.errors);
}
