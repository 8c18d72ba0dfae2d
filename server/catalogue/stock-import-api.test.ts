/** A stock file from the till, and items imported without photo or description, on the local server: the battery both backends run (tests/support/stock-import-battery.ts). */
import { describe } from 'vitest';
import { localBatteryServer } from '../../tests/support/local-battery';
import { stockImportBattery } from '../../tests/support/stock-import-battery';

const local = localBatteryServer();

describe('stock files from the till (local server)', () => {
  stockImportBattery(local);
});
