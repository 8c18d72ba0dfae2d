/** scripts/check-decisions.ts against small decision folders written to a temporary directory. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDecisions, normalizeStatus } from './check-decisions';

const folders: string[] = [];

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const record = (number: string, title: string, ...statusLines: string[]) =>
  `# ${number}. ${title}\n\n${statusLines.join('\n')}\n- Context: Tooling\n\n**${title}**.\n`;

const OLD = '0001-old.md';
const NEW = '0002-new.md';
const goodRecords = {
  [OLD]: record('0001', 'Old', `- Status: Superseded by [0002](${NEW}): replaced`),
  [NEW]: record('0002', 'New', '- Status: Accepted', `- Supersedes: [0001](${OLD})`),
};
const index = (...rows: string[]) => `# Decisions\n\n## Tooling\n\n| # | Decision | Status |\n|---|---|---|\n${rows.join('\n')}\n`;
const oldRow = `| 0001 | [Old](${OLD}) | Superseded by [0002](${NEW}) |`;
const newRow = `| 0002 | [New](${NEW}) | Accepted |`;

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('checkDecisions', () => {
  it('finds nothing in a consistent folder', () => {
    expect(checkDecisions(folder({ ...goodRecords, 'README.md': index(oldRow, newRow) }))).toEqual([]);
  });

  it('reports a one-way link from either side, with file and line', () => {
    const dir = folder({
      [OLD]: record('0001', 'Old', `- Status: Superseded by [0002](${NEW}): replaced`),
      [NEW]: record('0002', 'New', '- Status: Accepted'),
      '0003-other.md': record('0003', 'Other', '- Status: Accepted', '- Supersedes: 0002'),
      'README.md': index(oldRow, newRow, '| 0003 | [Other](0003-other.md) | Accepted |'),
    });
    expect(checkDecisions(dir)).toEqual([
      `${join(dir, OLD)}:3: superseded by 0002, whose "- Supersedes:" line does not name 0001`,
      `${join(dir, '0003-other.md')}:4: supersedes 0002, whose status does not say "Superseded by 0003"`,
    ]);
  });

  it('reports a record the index misses, and one listed twice', () => {
    const dir = folder({ ...goodRecords, 'README.md': index(newRow, newRow) });
    expect(checkDecisions(dir)).toEqual([
      `${join(dir, 'README.md')}:8: 0002 is listed twice (first on line 7)`,
      `${join(dir, 'README.md')}:1: 0001 (${OLD}) is not listed`,
    ]);
  });

  it('reports a link to a missing record, in a status and in the index', () => {
    const dir = folder({
      [OLD]: record('0001', 'Old', '- Status: Superseded by [0009](0009-gone.md): replaced'),
      [NEW]: record('0002', 'New', '- Status: Accepted'),
      'README.md': index(
        `| 0001 | [Old](${OLD}) | Superseded by [0009](0009-gone.md) |`,
        newRow,
        '| 0009 | [Gone](0009-gone.md) | Accepted |',
      ),
    });
    expect(checkDecisions(dir)).toEqual([
      `${join(dir, OLD)}:3: superseded by 0009, which does not exist`,
      `${join(dir, 'README.md')}:9: 0009 is listed but no record has that number`,
    ]);
  });

  it('reports a record without a status and an index status that differs', () => {
    const dir = folder({
      [OLD]: '# 0001. Old\n\n- Context: Tooling\n',
      [NEW]: record('0002', 'New', '- Status: Accepted'),
      'README.md': index(`| 0001 | [Old](${OLD}) | Accepted |`, `| 0002 | [New](${NEW}) | Superseded by 0001 |`),
    });
    expect(checkDecisions(dir)).toEqual([
      `${join(dir, OLD)}:1: no "- Status:" line`,
      `${join(dir, 'README.md')}:8: 0002 is "Superseded by 0001" here but "Accepted" in ${NEW}`,
    ]);
  });
});

describe('normalizeStatus', () => {
  it('drops links and reasons', () => {
    expect(normalizeStatus('Superseded by [0171](0171-images.md): images go up in two calls')).toBe('Superseded by 0171');
    expect(normalizeStatus('accepted')).toBe('Accepted');
  });
});

describe('docs/decisions', () => {
  it('is consistent', () => {
    expect(checkDecisions('docs/decisions')).toEqual([]);
  });
});
