/**
 * Imports in chunks and long catalogue changes on the emulated AWS backend with AWS's limits on
 * (decisions 0306, 0307): the local server's battery (tests/support/chunked-import-battery.ts),
 * here with importItems in the catalogue function on DynamoDB. Also the time check between a
 * chunk's batches: with the function's timeout lowered below the margin, a chunk stops before
 * its first batch, says so, and the same chunk sent again with time enough writes it all.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chunkedImportBattery, chunkSender, IMPORT, tillRow } from '../support/chunked-import-battery';
import { CHUNK_MESSAGES, newImportId } from '../../shared/import-chunks';
import { BATCH_MARGIN_MS } from '../../shared/work-deadline';
import { call, cloudShop, type CloudShop } from './support/api';
import { changeLimits, resetLimits } from './support/emulation';

let shop: CloudShop;
beforeAll(async () => {
  shop = await cloudShop();
});
afterEach(async () => {
  await resetLimits();
});

const target = {
  admin: async (query: string, variables?: Record<string, unknown>) => (await call({ token: shop.admin }, query, variables)).body,
  name: 'cloud',
};

describe('imports in chunks on the emulated cloud', () => {
  chunkedImportBattery(target);

  it('stops a chunk cleanly when the time left is under the margin, and the chunk sent again writes it', async () => {
    const prefix = `DEADLINE${Date.now()}`;
    const rows = Array.from({ length: 150 }, (_, n) => tillRow(prefix, n));
    const importId = newImportId();
    await changeLimits({ lambdaTimeoutSeconds: (BATCH_MARGIN_MS - 1_000) / 1000 });
    const stopped = await chunkSender(target, importId, true)({ offset: 0, rows });
    expect(stopped).toMatchObject({ applied: false, appliedRows: [], failure: CHUNK_MESSAGES.deadline(0, 150) });
    await resetLimits();
    const done = await chunkSender(target, importId, true)({ offset: 0, rows });
    expect(done).toMatchObject({ applied: true, failure: null });
    expect(done.appliedRows).toHaveLength(150);
    const again = await call({ token: shop.admin }, IMPORT, { importId, offset: 0, rows, apply: false });
    expect((again.body.data?.importItems as { outcomes: string[] }).outcomes.every((outcome) => outcome !== 'create')).toBe(true);
  }, 120_000);
});
