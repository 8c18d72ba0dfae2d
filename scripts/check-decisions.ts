/**
 * Checks docs/decisions/: every record (`NNNN-title.md`) has a `- Status:` line; a record
 * `Superseded by N` names a record N that exists and says `Supersedes: <this>`; a record that says
 * `Supersedes: N` is named by N's `Superseded by`; README.md's index lists every record exactly
 * once, nothing else, with the record's own status. Findings are `file:line: message` lines.
 * `npx tsx scripts/check-decisions.ts` checks docs/decisions and exits 1 on any finding;
 * `npm run lint` runs it too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const RECORD_FILE = /^(\d{4})-.*\.md$/;
const INDEX_FILE = 'README.md';

interface DecisionRecord {
  number: string;
  file: string;
  /** 1-based line of `- Status:`, or 0 when there is none. */
  statusLine: number;
  /** `Accepted`, `Superseded by NNNN`, or another status word as written. */
  status: string;
  supersededBy?: string;
  supersedesLine: number;
  supersedes: string[];
}

/** Numbers named in a status text, ignoring link targets (`[0171](0171-images....md)` names 0171 once). */
function numbersIn(text: string): string[] {
  return [...text.replace(/\]\([^)]*\)/g, ']').matchAll(/\b(\d{4})\b/g)].map((match) => match[1]!);
}

/** `Accepted`, `Superseded by 0171` from a status as a record or the index writes it (links and reasons dropped). */
export function normalizeStatus(text: string): string {
  const plain = text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[[\]]/g, '')
    .trim();
  const superseded = /^superseded by (\d{4})/i.exec(plain);
  if (superseded) return `Superseded by ${superseded[1]}`;
  const word = /^[A-Za-z]+/.exec(plain);
  return word ? word[0][0]!.toUpperCase() + word[0].slice(1).toLowerCase() : plain;
}

function readRecord(dir: string, file: string): DecisionRecord {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const record: DecisionRecord = { number: file.slice(0, 4), file, statusLine: 0, status: '', supersedesLine: 0, supersedes: [] };
  lines.forEach((line, index) => {
    const status = /^- Status:\s*(.*)$/.exec(line);
    if (status && !record.statusLine) {
      record.statusLine = index + 1;
      record.status = normalizeStatus(status[1]!);
      const by = /^Superseded by (\d{4})$/.exec(record.status);
      if (by) record.supersededBy = by[1];
    }
    const supersedes = /^- Supersedes:\s*(.*)$/.exec(line);
    if (supersedes && !record.supersedesLine) {
      record.supersedesLine = index + 1;
      record.supersedes = numbersIn(supersedes[1]!);
    }
  });
  return record;
}

/** Every finding in a decisions folder, as `file:line: message`; empty when the folder is consistent. */
export function checkDecisions(dir: string): string[] {
  const findings: string[] = [];
  const report = (file: string, line: number, message: string) => findings.push(`${join(dir, file)}:${line}: ${message}`);
  const names = readdirSync(dir).sort();
  const records = new Map<string, DecisionRecord>();
  for (const file of names.filter((name) => RECORD_FILE.test(name))) {
    const record = readRecord(dir, file);
    const twin = records.get(record.number);
    if (twin) report(file, 1, `number ${record.number} is also used by ${twin.file}`);
    else records.set(record.number, record);
  }

  for (const record of records.values()) {
    if (!record.statusLine) report(record.file, 1, 'no "- Status:" line');
    if (record.supersededBy) {
      const successor = records.get(record.supersededBy);
      if (!successor) report(record.file, record.statusLine, `superseded by ${record.supersededBy}, which does not exist`);
      else if (!successor.supersedes.includes(record.number))
        report(
          record.file,
          record.statusLine,
          `superseded by ${record.supersededBy}, whose "- Supersedes:" line does not name ${record.number}`,
        );
    }
    for (const number of record.supersedes) {
      const older = records.get(number);
      if (!older) report(record.file, record.supersedesLine, `supersedes ${number}, which does not exist`);
      else if (older.supersededBy !== record.number)
        report(record.file, record.supersedesLine, `supersedes ${number}, whose status does not say "Superseded by ${record.number}"`);
    }
  }

  if (!names.includes(INDEX_FILE)) {
    report(INDEX_FILE, 1, 'no index');
    return findings;
  }
  const listed = new Map<string, number>();
  readFileSync(join(dir, INDEX_FILE), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const row = /^\|\s*(\d{4})\s*\|(.*)\|([^|]*)\|\s*$/.exec(line);
      if (!row) return;
      const [, number, decision, status] = row as unknown as [string, string, string, string];
      const lineNumber = index + 1;
      const first = listed.get(number);
      if (first) return report(INDEX_FILE, lineNumber, `${number} is listed twice (first on line ${first})`);
      listed.set(number, lineNumber);
      const record = records.get(number);
      if (!record) return report(INDEX_FILE, lineNumber, `${number} is listed but no record has that number`);
      const target = /\]\(([^)]+)\)/.exec(decision)?.[1];
      if (target !== record.file) report(INDEX_FILE, lineNumber, `${number} links ${target ?? 'nothing'}, not ${record.file}`);
      if (record.statusLine && normalizeStatus(status) !== record.status)
        report(INDEX_FILE, lineNumber, `${number} is "${normalizeStatus(status)}" here but "${record.status}" in ${record.file}`);
    });
  for (const record of records.values())
    if (!listed.has(record.number)) report(INDEX_FILE, 1, `${record.number} (${record.file}) is not listed`);
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const findings = checkDecisions('docs/decisions');
  for (const finding of findings) console.error(finding);
  if (findings.length) {
    console.error(`check-decisions: ${findings.length} finding(s)`);
    process.exit(1);
  }
  console.log('check-decisions: docs/decisions is consistent');
}
