import { describe, expect, it } from 'vitest';
import { checkText, sectionNumbers, type ReferenceContext } from './check-references';

const context: ReferenceContext = {
  productSections: sectionNumbers('# Product\n\n## 1. What\n\n## 2. Screens\n\n### 2.3 Menu\n'),
  designSections: sectionNumbers('## 1. One app\n## 8. Emulating\n'),
  decisionFiles: new Set(['0001-the-schema.md', '0260-activity-log.md']),
  exists: (path) => ['docs/product.md', 'docs/decisions', 'README.md'].includes(path),
};

const check = (text: string, file = 'src/example.ts') => checkText(file, text, context).map(({ line, message }) => `${line}: ${message}`);

describe('checkText', () => {
  it('accepts references that resolve', () => {
    const text = [
      '// product §2 and §1, product §2.3, design §8 (decision 0260; decisions 0001 and 0260)',
      "import { x } from '../shared/messages';",
      '/* issues 256-bit tokens */',
    ].join('\n');
    expect(check(text)).toEqual([]);
    expect(check('See [the product](docs/product.md#2-screens) and [records](docs/decisions/).', 'README.md')).toEqual([]);
  });

  it('reports each dangling reference with its line', () => {
    const text = [
      'ok',
      '// product §11 and design §2 (decision 0002)',
      '// see 0002-missing.md',
      '// SPEC §4, issue 16 and ../shared/DESIGN.md',
    ].join('\n');
    expect(check(text)).toEqual([
      '2: product §11 has no heading in docs/product.md',
      '2: design §2 has no heading in docs/design.md',
      '2: decision 0002 is not in docs/decisions/',
      '3: 0002-missing.md is not in docs/decisions/',
      '4: refers to the old specification (use product §N, docs/product.md)',
      '4: refers to a document outside the repository (docs/product.md, docs/design.md)',
      '4: refers to a ../shared/ document outside the repository',
      '4: refers to an issue number (name the decision or the section instead)',
    ]);
  });

  it('reports a relative Markdown link to a missing file, in Markdown files only', () => {
    expect(check('[gone](docs/gone.md) [web](https://example.com) [top](#top)', 'README.md')).toEqual([
      '1: link to docs/gone.md: no such file',
    ]);
    expect(check('[gone](docs/gone.md)', 'src/a.ts')).toEqual([]);
  });
});
