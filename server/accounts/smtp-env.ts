/**
 * The environment variables of the reset e-mails' SMTP settings (mailer.ts reads them), in a file
 * of its own so the cloud deploy (amplify/backend.ts) can pass them to the accounts Lambda without
 * loading Nodemailer.
 */
import type { MailDelivery } from '../../shared/outbox';

export const SMTP_ENV_NAMES = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM'] as const;

/**
 * How the shop's mail leaves with this environment (decision 0366): over SMTP when SMTP_HOST is
 * set (mailer.ts smtpSettingsFrom reads the rest), else into the outbox. For the cloud's client
 * config, which the deploy writes without loading Nodemailer.
 */
export const mailDeliveryFrom = (env: Record<string, string | undefined>): MailDelivery => (env.SMTP_HOST?.trim() ? 'smtp' : 'outbox');
