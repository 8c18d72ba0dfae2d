/**
 * `npm run check:deploy` (scripts/check-deploy.ts, the README's first-deploy checks) against the
 * emulated cloud: where AWS behaves as documented, every check passes; the lockout check is
 * pointed at a fresh customer, so the E2E admin is never locked out.
 */
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../../playwright.config';
import { checkDeploy } from '../../scripts/check-deploy';
import { signUp, uniqueEmail } from './support/api';

describe('the first-deploy checks, against the emulation', () => {
  it('pass: S3 refuses what breaks the upload policy, and the lockout counts the connecting address', async () => {
    const probeEmail = uniqueEmail('deploy-check');
    await signUp(probeEmail);
    const results = await checkDeploy({
      url: process.env.CLOUD_API_URL!,
      apiKey: process.env.CLOUD_API_KEY!,
      adminEmail: E2E_ADMIN.email,
      adminPassword: E2E_ADMIN.password,
      probeEmail,
      checkConcurrency: false,
    });
    expect(results).toEqual([
      expect.objectContaining({ check: 'S3 holds presigned POSTs to their policy', ok: true }),
      expect.objectContaining({ check: 'the sign-in lockout counts the connecting address, not X-Forwarded-For', ok: true }),
    ]);
  }, 120_000);

  it('fails, saying why, when the admin cannot sign in', async () => {
    const results = await checkDeploy({
      url: process.env.CLOUD_API_URL!,
      apiKey: process.env.CLOUD_API_KEY!,
      adminEmail: uniqueEmail('no-such-admin'),
      adminPassword: 'Wrong-passw0rd!',
    });
    expect(results).toEqual([{ check: 'sign in as the admin', ok: false, detail: expect.any(String) }]);
  });
});
