/**
 * The environment variables of the reset e-mails' SMTP settings (mailer.ts reads them), in a file
 * of its own so the cloud deploy (amplify/backend.ts) can pass them to the accounts Lambda without
 * loading Nodemailer.
 */
export const SMTP_ENV_NAMES = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM'] as const;
