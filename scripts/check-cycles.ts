/**
 * No import cycle of any kind (README, "Conventions"): ESLint's import-x/no-cycle leaves type-only
 * imports aside, as they vanish at run time, yet a cycle of types still ties two modules into one
 * piece neither can be understood, moved or tested without. This walks every TypeScript module of
 * the repository with madge, type-only imports included, and lists each cycle. Run by `npm run
 * lint` (scripts/lint.ts); alone with `npx tsx scripts/check-cycles.ts`.
 */
import madge from 'madge';

/** Where the repository's own TypeScript lives; installed packages, the built app and generated files are not ours to untangle. */
export const CHECKED_FOLDERS = ['server', 'src', 'shared', 'amplify', 'tests', 'scripts', 'bench', 'demo'];
const NOT_OURS = [/node_modules/, /(^|\/)dist\//, /(^|\/)generated\//, /\.d\.ts$/];

/** Every import cycle among the TypeScript modules under `folders`, each as the files in its circle. */
export async function importCycles(folders: readonly string[] = CHECKED_FOLDERS, tsConfig = 'tsconfig.json'): Promise<string[][]> {
  const graph = await madge([...folders], {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    excludeRegExp: NOT_OURS,
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  return graph.circular();
}

export async function main(): Promise<number> {
  const cycles = await importCycles();
  for (const cycle of cycles) console.error(`import cycle: ${[...cycle, cycle[0]].join(' -> ')}`);
  return cycles.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
