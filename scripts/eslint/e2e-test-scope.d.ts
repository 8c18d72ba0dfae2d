import type { Rule } from 'eslint';

/** The rule of e2e-test-scope.js (plain JS, so eslint.config.js can load it). */
export const e2eTestScope: Rule.RuleModule;
