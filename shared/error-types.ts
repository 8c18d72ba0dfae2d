/**
 * The `errorType`s the API answers with, spelled as AppSync spells them, so the SPA reads one set
 * of names whichever backend answers (design §2). The local server, the Lambda handlers and the
 * SPA import them from here; a name written anywhere else is a bug. No imports: the browser
 * bundle takes this file too.
 */
export const ERROR_TYPES = {
  /**
   * A model write whose condition failed (a stale edit, a record deleted or changed meanwhile).
   * AppSync's DynamoDB resolvers pass DynamoDB's exception on with a `DynamoDB:` prefix.
   */
  conditionFailed: 'DynamoDB:ConditionalCheckFailedException',
  /** A valid caller asking for a field its role may not use (AppSync's deniedFields). */
  unauthorized: 'Unauthorized',
  /** No valid API key or session: the session has ended (AppSync answers HTTP 401). */
  sessionRejected: 'UnauthorizedException',
  /** A refusal whose message is meant for the user (a bad value, a bad image). */
  validation: 'ValidationError',
  notFound: 'NotFound',
  tooManyRequests: 'TooManyRequests',
  badRequest: 'BadRequest',
  methodNotAllowed: 'MethodNotAllowed',
  unsupportedMediaType: 'UnsupportedMediaType',
  payloadTooLarge: 'PayloadTooLarge',
  internal: 'InternalFailure',
} as const;

export type ErrorType = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];
