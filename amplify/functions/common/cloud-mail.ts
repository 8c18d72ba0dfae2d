/**
 * The functions' e-mail, chosen once for all of them (decision 0366): over SMTP when the deploy
 * set SMTP_* in the function's environment (README: Mail), else kept in the media bucket's
 * outbox/ prefix, where staff read it through listOutbox. Each function waits for every send: a
 * Lambda may be frozen once it has answered (decision 0258).
 */
import { shopMail, smtpSettingsFrom, type ShopMail } from '../../../server/accounts/mailer';
import { Outbox } from '../../../server/accounts/outbox';
import { ENV, required } from './env';
import { sdkOutboxPort } from './s3-client';
import { S3OutboxFiles } from './s3-outbox';

let outbox: Outbox | undefined;

/** The outbox in the media bucket (one per instance). */
export const s3Outbox = (): Outbox => (outbox ??= new Outbox(new S3OutboxFiles(sdkOutboxPort(required(ENV.mediaBucket)))));

/** The bucket is looked for at the first mail kept, not when a service is built. */
export const cloudMail = (env: NodeJS.ProcessEnv = process.env): ShopMail =>
  shopMail(smtpSettingsFrom(env), (from) => ({ send: (message) => s3Outbox().mailer(from).send(message) }));

/** The site's origin for the links in mails (SHOP_SITE_ORIGIN), or null: then no mail with a link is made. */
export const cloudSiteOrigin = (): string | null => process.env[ENV.siteOrigin]?.trim() || null;
