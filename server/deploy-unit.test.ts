/** The systemd unit the README tells operators to install (deploy/patterson-shop.service) stays runnable and bounded. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXIT_CONFIG } from './exit-codes';

const unit = readFileSync(new URL('../deploy/patterson-shop.service', import.meta.url), 'utf8');
const settings = (key: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));

describe('deploy/patterson-shop.service', () => {
  it('restarts the server when it fails (not when it refused its configuration), and stops it with SIGTERM (graceful)', () => {
    expect(settings('Restart')).toEqual(['on-failure']);
    expect(settings('RestartPreventExitStatus')).toEqual([String(EXIT_CONFIG)]);
    expect(settings('KillSignal')).toEqual(['SIGTERM']);
  });

  it('starts the real entry point, with a heap cap below the memory limit', () => {
    const [execStart] = settings('ExecStart');
    const script = /\s(server\/\S+\.ts)$/.exec(execStart!)?.[1];
    expect(script && existsSync(new URL(`../${script}`, import.meta.url))).toBe(true);
    const heapMb = Number(/--max-old-space-size=(\d+)/.exec(execStart!)?.[1]);
    const [limit] = settings('MemoryMax');
    const limitMb = Number(/^(\d+)G$/.exec(limit!)?.[1]) * 1024 || Number(/^(\d+)M$/.exec(limit!)?.[1]);
    expect(heapMb).toBeGreaterThan(0);
    expect(heapMb).toBeLessThan(limitMb);
  });
});
