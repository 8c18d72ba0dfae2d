/** Imports in chunks and a long bulk change on the local server (decisions 0306, 0307): the battery the emulated cloud also runs. */
import { describe } from 'vitest';
import { chunkedImportBattery } from '../../tests/support/chunked-import-battery';
import { localBatteryServer } from '../../tests/support/local-battery';

const local = localBatteryServer();

describe('imports in chunks (local server)', () => {
  chunkedImportBattery({ admin: local.admin, name: 'local' });
});
