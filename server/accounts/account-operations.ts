/**
 * The custom mutations AccountService serves: the accounts Lambda's fields in the cloud
 * (served-fields.ts) and the operations the local server allows one of per request (cost.ts).
 */
export const ACCOUNT_MUTATIONS = [
  'signUp',
  'signIn',
  'signOut',
  'createAdmin',
  'updateAdmin',
  'deleteAdmin',
  'requestPasswordReset',
  'resetPassword',
  'createPasswordResetLink',
  'confirmUserEmail',
  'updateMyAccount',
  'changeMyPassword',
  'sendEmailConfirmation',
  'confirmEmail',
  'deleteMyAccount',
] as const;

/** The custom queries AccountService serves (the caller's own account, decision 0302). */
export const ACCOUNT_QUERIES = ['myAccount'] as const;
