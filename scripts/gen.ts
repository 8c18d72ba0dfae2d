/** `npm run gen`: writes the files derived from amplify/data/schema.ts. */
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderGeneratedFiles } from './generated-files';

const files = await renderGeneratedFiles();
for (const [path, content] of Object.entries(files)) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  console.log(`wrote ${path}`);
}
