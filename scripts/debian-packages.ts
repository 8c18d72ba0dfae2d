/**
 * Debian packages the tests need (a browser, the production proxy), installed with apt-get when
 * `npm test` runs as root on a fresh machine; elsewhere the caller says what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether this process may install Debian packages itself (root, with apt-get). */
export const canInstallDebianPackages = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

/** apt-get update and install of `packages`; throws with `hint` when apt-get fails. */
export function installDebianPackages(packages: string[], hint: string): void {
  console.log(`Installing Debian's ${packages.join(' ')} (apt-get install)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...packages],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status}). ${hint}`);
  }
}
