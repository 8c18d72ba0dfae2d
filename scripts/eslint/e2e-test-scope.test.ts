import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { e2eTestScope } from './e2e-test-scope.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('e2e-test-scope', e2eTestScope, {
  valid: [
    "test('reserves', BOTH_BACKENDS, async ({ page }) => {});",
    'test(`at ${width} px`, BROWSER_ALONE, async () => {});',
    "test('inlined first screen, the local server only', LOCAL_SERVER_ONLY, async () => {});",
    "test.describe('at 390 px', () => {}); test.beforeEach(async () => {});",
    'for (const width of WIDTHS) {}',
    'const sizes = [390, 844];',
  ],
  invalid: [
    { code: "test('no scope', async ({ page }) => {});", errors: [{ messageId: 'missing' }] },
    { code: "test('a made-up scope', { tag: '@both' }, async () => {});", errors: [{ messageId: 'missing' }] },
    {
      code: "test('home inlined @local-only', LOCAL_SERVER_ONLY, async () => {});",
      errors: [{ messageId: 'titleTag' }],
    },
    { code: 'for (const width of [390, 1440]) {}', errors: [{ messageId: 'widths' }] },
    { code: 'const WIDTHS = [1440, 390] as const;', errors: [{ messageId: 'widths' }] },
  ],
});
