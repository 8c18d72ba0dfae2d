/**
 * What every battery shares: its scale, throwaway data directories, and the figures it prints.
 * RELIABILITY_SCALE (default 1) shortens the durations and counts for development only; CI runs
 * the full battery.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SCALE = (() => {
  const value = Number(process.env.RELIABILITY_SCALE ?? '1');
  if (!(value > 0 && value <= 1)) throw new Error(`RELIABILITY_SCALE must be in (0, 1], got ${process.env.RELIABILITY_SCALE}`);
  return value;
})();

/** A full-battery figure, scaled down (never below `min`) when RELIABILITY_SCALE < 1. */
export const scaled = (full: number, min = 1) => Math.max(min, Math.round(full * SCALE));

const dirs: string[] = [];

export function makeDataDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `shop-reliability-${label}-`));
  dirs.push(dir);
  return dir;
}

export function removeDataDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function printFigures(battery: string, figures: Record<string, number | string>): void {
  const line = Object.entries(figures)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(`[reliability] ${battery}: ${line}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
