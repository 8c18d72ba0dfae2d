/** The committed generated files must match what `npm run gen` renders from the schema now. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderGeneratedFiles } from './generated-files';

describe('generated files', () => {
  it('are up to date with amplify/data/schema.ts (run `npm run gen` if this fails)', async () => {
    const rendered = await renderGeneratedFiles();
    expect(Object.keys(rendered).length).toBeGreaterThanOrEqual(2);
    for (const [path, content] of Object.entries(rendered)) {
      expect(readFileSync(path, 'utf8'), `${path} is stale`).toBe(content);
    }
  });

  it('never gives User a password field', async () => {
    const rendered = await renderGeneratedFiles();
    const sdl = Object.entries(rendered).find(([path]) => path.endsWith('.graphql'))![1];
    const userType = /type User [^{]*\{([^}]*)\}/.exec(sdl)![1]!;
    expect(userType).toContain('email');
    expect(userType).not.toMatch(/password/i);
  });
});
