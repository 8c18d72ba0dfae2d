/**
 * ESLint rule for tests/e2e: every `test(title, scope, body)` names where it runs with one of the
 * scopes of tests/e2e/support/scope.ts, and widths come from `WIDTHS` there, never a list of
 * its own [390, 1440] (on the emulated cloud one width is enough). Docs: docs/testing.md.
 */
const SCOPES = new Set(['BOTH_BACKENDS', 'BROWSER_ALONE', 'LOCAL_SERVER_ONLY']);

/** @type {import('eslint').Rule.RuleModule} */
export const e2eTestScope = {
  meta: {
    type: 'problem',
    docs: { description: 'each browser test says whether it runs on both backends or on the local server only' },
    messages: {
      missing:
        'Say where this test runs: test(title, BOTH_BACKENDS | BROWSER_ALONE | LOCAL_SERVER_ONLY, body) from ./support/scope (docs/testing.md).',
      titleTag: 'Scope tags go in the second argument (LOCAL_SERVER_ONLY), not in the title.',
      widths: 'Take WIDTHS from ./support/scope: on the emulated cloud the phone width alone.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'test') return;
        const [title, scope] = node.arguments;
        if (!scope || scope.type !== 'Identifier' || !SCOPES.has(scope.name)) {
          context.report({ node: scope ?? node, messageId: 'missing' });
        }
        const titleText =
          title?.type === 'Literal'
            ? String(title.value)
            : title?.type === 'TemplateLiteral'
              ? title.quasis.map((q) => q.value.cooked).join('')
              : '';
        if (/@local-only|@browser-alone|@both-backends/.test(titleText)) context.report({ node: title, messageId: 'titleTag' });
      },
      ArrayExpression(node) {
        const values = node.elements.map((element) => (element?.type === 'Literal' ? element.value : null));
        if (values.length === 2 && values.includes(390) && values.includes(1440)) context.report({ node, messageId: 'widths' });
      },
    };
  },
};
