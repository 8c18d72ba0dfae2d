import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TASTING_RULES,
  MAX_TASTING_RULES_LENGTH,
  TASTING_RULES_MESSAGES,
  tastingRulesInput,
  tastingRulesOf,
  tastingRulesProblem,
} from './tasting-rules';

describe('tasting rules (decision 0350)', () => {
  it('ships the ABC §63-a text: 21+, three samples a day, a quarter ounce of liquor', () => {
    expect(DEFAULT_TASTING_RULES).toMatch(/^21\+ with photo ID\./);
    expect(DEFAULT_TASTING_RULES).toContain('three samples per person a day');
    expect(DEFAULT_TASTING_RULES).toContain('quarter ounce');
  });

  it('shows the owner text, or the default when unset, empty or too long', () => {
    expect(tastingRulesOf(null)).toBe(DEFAULT_TASTING_RULES);
    expect(tastingRulesOf({ tastingRules: null })).toBe(DEFAULT_TASTING_RULES);
    expect(tastingRulesOf({ tastingRules: '   ' })).toBe(DEFAULT_TASTING_RULES);
    expect(tastingRulesOf({ tastingRules: ' Two samples. ' })).toBe('Two samples.');
    expect(tastingRulesOf({ tastingRules: 'x'.repeat(MAX_TASTING_RULES_LENGTH + 1) })).toBe(DEFAULT_TASTING_RULES);
  });

  it('refuses text over the limit and values that are not text', () => {
    expect(tastingRulesProblem(undefined)).toBeNull();
    expect(tastingRulesProblem(null)).toBeNull();
    expect(tastingRulesProblem('')).toBeNull();
    expect(tastingRulesProblem('é'.repeat(MAX_TASTING_RULES_LENGTH))).toBeNull();
    expect(tastingRulesProblem('x'.repeat(MAX_TASTING_RULES_LENGTH + 1))).toBe(TASTING_RULES_MESSAGES.length);
    expect(tastingRulesProblem(42)).toBe(TASTING_RULES_MESSAGES.notText);
  });

  it('stores null for an empty text or the default itself', () => {
    expect(tastingRulesInput('')).toBeNull();
    expect(tastingRulesInput(` ${DEFAULT_TASTING_RULES} `)).toBeNull();
    expect(tastingRulesInput(' Two samples. ')).toBe('Two samples.');
  });
});
