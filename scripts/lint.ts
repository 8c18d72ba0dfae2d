/**
 * `npm run lint`: ESLint (eslint.config.js: type-aware rules, hooks, accessibility, import
 * boundaries) and Prettier's check, over the whole repository. amplify/'s backend, functions and
 * scripts, the DynamoDB fakes (tests/support/fake-dynamo/) and the AWS emulation
 * (tests/cloud-emulation/) are type-checked against the deploy tooling (`npm run amplify:install`);
 * without it they are left to `npm run check:amplify`, which lints them after installing it.
 * Then scripts/check-references.ts: every product §N, design §N, decision and relative link
 * resolves inside the repository; and scripts/check-cycles.ts: no import cycle, type-only imports
 * included. Exits non-zero on any finding.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { checkDecisions } from './check-decisions';
import { main as checkCycles } from './check-cycles';
import { main as checkReferences } from './check-references';

/** What needs amplify/'s own install (and the emulation's) to be type-checked. */
export const AMPLIFY_TOOLING_PATHS = [
  'amplify/backend.ts',
  'amplify/data/resource.ts',
  'amplify/security-review*.ts',
  'amplify/functions',
  'amplify/scripts',
  'tests/support/fake-dynamo',
  'tests/cloud-emulation',
];

export async function lint(paths: string[] = ['.']): Promise<number> {
  const withTooling = existsSync('amplify/node_modules/@aws-amplify/backend');
  const ignore = withTooling ? [] : AMPLIFY_TOOLING_PATHS.flatMap((path) => ['--ignore-pattern', path]);
  if (!withTooling)
    console.log(
      'lint: amplify/ tooling not installed; its backend, functions and scripts, the DynamoDB fakes and the AWS emulation are linted by npm run check:amplify',
    );
  const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
  const eslint = run(['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', ...ignore, ...paths]);
  const prettier = run(['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level', 'warn', ...paths]);
  if (prettier !== 0) console.log('lint: run `npx prettier --write <files>` to format them');
  const decisions = checkDecisions('docs/decisions');
  for (const finding of decisions) console.error(finding);
  const references = checkReferences();
  const cycles = await checkCycles();
  return eslint || prettier || references || cycles || (decisions.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`)
  process.exit(await lint(process.argv.slice(2).length ? process.argv.slice(2) : undefined));
