/**
 * docs/architecture.md follows one Save through the code by file name: every repo path it names
 * (in backticks, from a top-level folder: `server/app.ts`, `src/...`, `amplify/...`, `shared/...`)
 * must exist, so a moved or renamed file shows up here rather than in a reader's dead end.
 * Bare file names (`cost.ts`, beside the path named before them) and paths outside the repo
 * (`../elsewhere/notes.md`) are not checked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOC = 'docs/architecture.md';

/** The repo's top-level folders (node_modules and dot-folders aside): a path naming one of them is a repo path. */
const topLevelFolders = () =>
  new Set(
    readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name),
  );

/** Every backticked repo path in `markdown`, in order of first mention. */
function repoPathsIn(markdown: string, folders: ReadonlySet<string>): string[] {
  const paths = new Set<string>();
  for (const [, code] of markdown.matchAll(/`([^`\s]+)`/g)) {
    if (!/^[\w.-]+\/[\w./-]*$/.test(code!)) continue;
    if (folders.has(code!.split('/')[0]!)) paths.add(code!);
  }
  return [...paths];
}

describe(DOC, () => {
  const paths = repoPathsIn(readFileSync(join(ROOT, DOC), 'utf8'), topLevelFolders());

  it('names repo paths in every part of the walk (browser, local server, AWS)', () => {
    for (const folder of ['src/', 'server/', 'amplify/', 'shared/']) {
      expect(
        paths.some((path) => path.startsWith(folder)),
        `no ${folder} path found`,
      ).toBe(true);
    }
    expect(paths.length).toBeGreaterThan(20);
  });

  it('names only paths that exist', () => {
    expect(paths.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });

  it('finds backticked repo paths and leaves the rest', () => {
    const text =
      'See `server/app.ts` (`startServer`), `cost.ts`, `../elsewhere/notes.md`, `docs/decisions/` and `updateItem(input, condition:`.';
    expect(repoPathsIn(text, new Set(['server', 'docs', 'shared']))).toEqual(['server/app.ts', 'docs/decisions/']);
  });
});
