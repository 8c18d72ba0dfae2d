/** User-facing messages of SPEC §8 that both the browser and the server produce. */
export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  userNotFound: 'User not found',
  incorrectPassword: 'Incorrect password',
  missingRequiredFields: 'Missing required fields',
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists',
  genericError: 'Error',
  /** An item without a department tag (SPEC §5), from the Item Editor and from the server. */
  requiredTags: 'Please select required tag(s)',
} as const;
