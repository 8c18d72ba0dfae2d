/**
 * Errors the API reports with an AppSync `errorType` (the names are in shared/error-types.ts).
 * Anything else that escapes a resolver is reported as an InternalFailure with a generic message,
 * never a stack trace.
 */
import { ERROR_TYPES, type ErrorType } from '../shared/error-types';

export type { ErrorType };

export class AppError extends Error {
  constructor(
    readonly errorType: ErrorType,
    message: string,
    readonly errorInfo: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string) => new AppError('ValidationError', message);
export const unauthorized = (message: string) => new AppError('Unauthorized', message);
/** A write whose condition failed, named as AppSync's DynamoDB resolvers name it. */
export const conditionFailed = (message = 'The conditional request failed') => new AppError(ERROR_TYPES.conditionFailed, message);
