/**
 * Errors the API reports with an AppSync `errorType`. Anything else that escapes a resolver is
 * reported as an InternalFailure with a generic message, never a stack trace.
 */
export type ErrorType =
  | 'Unauthorized'
  | 'UnauthorizedException'
  | 'ValidationError'
  | 'ConditionalCheckFailedException'
  | 'NotFound'
  | 'TooManyRequests'
  | 'BadRequest'
  | 'PayloadTooLarge'
  | 'InternalFailure';

export class AppError extends Error {
  constructor(readonly errorType: ErrorType, message: string, readonly errorInfo: Record<string, unknown> | null = null) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string) => new AppError('ValidationError', message);
export const unauthorized = (message: string) => new AppError('Unauthorized', message);
