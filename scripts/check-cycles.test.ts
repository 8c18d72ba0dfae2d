import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles } from './check-cycles';

const folder = mkdtempSync(join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('importCycles', () => {
  it('finds a cycle made of type-only imports, which ESLint leaves aside', async () => {
    writeFileSync(join(folder, 'service.ts'), "import type { Mail } from './mails';\nexport interface Stored { mail: Mail }\n");
    writeFileSync(join(folder, 'mails.ts'), "import type { Stored } from './service';\nexport interface Mail { about: Stored }\n");
    writeFileSync(join(folder, 'alone.ts'), "import type { Mail } from './mails';\nexport type Sent = Mail;\n");
    expect(await importCycles([folder], join(process.cwd(), 'tsconfig.json'))).toEqual([['mails.ts', 'service.ts']]);
  });
});
