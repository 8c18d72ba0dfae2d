/**
 * The repository stands alone: every cross-reference in a tracked text file points at something
 * the repository holds. Run by `npm run lint` (scripts/lint.ts); also on its own with
 * `npx tsx scripts/check-references.ts`. Prints `file:line: what` for each finding and exits 1.
 *
 * It fails on:
 * - `product §N` / `design §N` (also `§N.M`, and lists such as `product §4 and §5`) whose section
 *   heading (`## N.` or `### N.M`) is not in docs/product.md / docs/design.md;
 * - `decision NNNN`, `decisions NNNN and MMMM`, `docs/decisions/NNNN` and `NNNN-title.md` with no
 *   such record in docs/decisions/;
 * - references to documents outside the repository: the old specification and design sections,
 *   `../shared/` documents, and issue numbers of a tracker the repository does not carry;
 * - relative links in Markdown files that point at a file or folder that does not exist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Finding {
  file: string;
  line: number;
  message: string;
}

export interface ReferenceContext {
  /** Section numbers with a heading in docs/product.md: '2', '2.3', ... */
  productSections: ReadonlySet<string>;
  /** Section numbers with a heading in docs/design.md. */
  designSections: ReadonlySet<string>;
  /** File names in docs/decisions/. */
  decisionFiles: ReadonlySet<string>;
  /** Whether a repository-relative path (file or folder) exists. */
  exists: (repoPath: string) => boolean;
}

/** Files not scanned: lock files, generated files, and this check and its test (which quote what they look for). */
const SKIPPED = [
  /(^|\/)package-lock\.json$/,
  /(^|\/)generated\//,
  /^scripts\/check-(references|decisions)(\.test)?\.ts$/,
  /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|gz|zip|jar|pdf|db|sqlite)$/i,
];

/** Section numbers of a Markdown document's numbered headings: `## 2. Screens` gives '2'; `### 2.3 Menu` gives '2.3'. */
export function sectionNumbers(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) sections.add(match[1]!);
  return sections;
}

const SECTION_REF = /\b(product|design) (§\s?\d+(?:\.\d+)*(?:(?:\s?(?:,|and|or|-|–|to)\s?)§\s?\d+(?:\.\d+)*)*)/g;
const DECISION_REF = /\b(?:decisions?|docs\/decisions\/)\s?((?:\d{4})(?:(?:,\s?|\s?(?:and|or|-|–|to)\s?|, and\s)\d{4})*)/gi;
const DECISION_FILE = /\b(\d{4}-[A-Za-z0-9-]+\.md)\b/g;
const OUTSIDE: { pattern: RegExp; what: string }[] = [
  { pattern: /\bSPEC §/, what: 'the old specification (use product §N, docs/product.md)' },
  { pattern: /\bDESIGN §/, what: 'the old design document (use design §N, docs/design.md)' },
  { pattern: /\b(?:SPEC|DESIGN|CLOUD-EMULATION)\.md\b/, what: 'a document outside the repository (docs/product.md, docs/design.md)' },
  { pattern: /\bCLOUD-EMULATION\b/, what: 'a document outside the repository (design §8)' },
  { pattern: /\.\.\/shared\/(?![a-z0-9_-]+(?:\/|\.tsx?\b|\.css\b|'|"))/i, what: 'a ../shared/ document outside the repository' },
  { pattern: /\bissue #?\d+\b|\bissues #?\d+(?:,| and| or)/i, what: 'an issue number (name the decision or the section instead)' },
];
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

export function checkText(file: string, text: string, context: ReferenceContext): Finding[] {
  const findings: Finding[] = [];
  const isMarkdown = file.endsWith('.md');
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const report = (message: string) => findings.push({ file, line: index + 1, message });
    for (const match of line.matchAll(SECTION_REF)) {
      const doc = match[1] as 'product' | 'design';
      const sections = doc === 'product' ? context.productSections : context.designSections;
      for (const number of match[2]!.matchAll(/§\s?(\d+(?:\.\d+)*)/g))
        if (!sections.has(number[1]!)) report(`${doc} §${number[1]} has no heading in docs/${doc}.md`);
    }
    for (const match of line.matchAll(DECISION_REF))
      for (const number of match[1]!.matchAll(/\d{4}/g))
        if (![...context.decisionFiles].some((name) => name.startsWith(`${number[0]}-`)))
          report(`decision ${number[0]} is not in docs/decisions/`);
    for (const match of line.matchAll(DECISION_FILE)) {
      const name = match[1]!;
      if (!context.decisionFiles.has(name) && !context.exists(path.posix.join(path.posix.dirname(file), name)))
        report(`${name} is not in docs/decisions/`);
    }
    for (const { pattern, what } of OUTSIDE) if (pattern.test(line)) report(`refers to ${what}`);
    if (isMarkdown)
      for (const match of line.matchAll(MARKDOWN_LINK)) {
        const target = match[1]!.replace(/^<|>$/g, '');
        if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue;
        const targetPath = decodeURIComponent(target.split('#')[0]!.split('?')[0]!);
        if (!targetPath) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), targetPath)).replace(/\/$/, '');
        if (resolved.startsWith('..') || !context.exists(resolved)) report(`link to ${target}: no such file`);
      }
  });
  return findings;
}

export function trackedTextFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  return listed.filter((file) => !SKIPPED.some((pattern) => pattern.test(file)));
}

export function repositoryContext(root: string, files: readonly string[]): ReferenceContext {
  const read = (file: string) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '');
  const known = new Set(files);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const decisionsDir = path.join(root, 'docs/decisions');
  return {
    productSections: sectionNumbers(read('docs/product.md')),
    designSections: sectionNumbers(read('docs/design.md')),
    decisionFiles: new Set(existsSync(decisionsDir) ? readdirSync(decisionsDir) : []),
    exists: (repoPath) => known.has(repoPath) || folders.has(repoPath) || existsSync(path.join(root, repoPath)),
  };
}

export function checkReferences(root = process.cwd()): Finding[] {
  const files = trackedTextFiles(root);
  const context = repositoryContext(root, files);
  const findings: Finding[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    const buffer = readFileSync(full);
    if (buffer.includes(0)) continue;
    findings.push(...checkText(file, buffer.toString('utf8'), context));
  }
  return findings;
}

export function main(root = process.cwd()): number {
  const findings = checkReferences(root);
  for (const { file, line, message } of findings) console.log(`${file}:${line}: ${message}`);
  if (findings.length) console.log(`check-references: ${findings.length} dangling reference(s)`);
  return findings.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main());
