/**
 * The one summary table `npm run bench` ends with: every measured figure with its budget. A part
 * returns its metrics; `budget: null` marks a figure reported for context only.
 */
export interface Metric {
  part: string;
  name: string;
  value: string;
  /** e.g. ">= 95"; null when the figure has no budget. */
  budget: string | null;
  pass: boolean | null;
}

export const metric = (part: string, name: string, value: string, budget: string | null = null, pass: boolean | null = null): Metric => ({
  part,
  name,
  value,
  budget,
  pass,
});

/** A markdown table, so the output pastes into an issue as it is. */
export function formatTable(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function formatSummary(metrics: Metric[]): string {
  return formatTable(
    ['part', 'metric', 'value', 'budget', 'result'],
    metrics.map((m) => [m.part, m.name, m.value, m.budget ?? '-', m.pass === null ? '-' : m.pass ? 'pass' : 'FAIL']),
  );
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
