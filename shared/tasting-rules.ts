/**
 * The tasting rules shown on every tasting event (product §2 Events, decision 0350): one text the
 * owner edits in Shop settings (`ShopSettings.tastingRules`); unset or empty, the shipped default,
 * which states New York's rule for tastings at a package store (ABC §63-a, design §7: at most three
 * samples a person a day, none over a quarter ounce of liquor; the buyer 21+). Pure: the Shop
 * settings editor, both backends' model-write guard and the events page read it here.
 */

/** The shipped text (ABC §63-a). */
export const DEFAULT_TASTING_RULES =
  '21+ with photo ID. At most three samples per person a day, each no more than a quarter ounce of liquor.';

/** The longest text the owner may set, in characters: a few sentences, shown under each tasting. */
export const MAX_TASTING_RULES_LENGTH = 500;

export const TASTING_RULES_MESSAGES = {
  length: `The tasting rules are at most ${MAX_TASTING_RULES_LENGTH} characters`,
  notText: 'The tasting rules must be text',
} as const;

/** Why this value cannot be stored as the tasting rules (the editor and the model-write guard); null when it can. Null or empty: the default. */
export function tastingRulesProblem(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return TASTING_RULES_MESSAGES.notText;
  return [...value.trim()].length > MAX_TASTING_RULES_LENGTH ? TASTING_RULES_MESSAGES.length : null;
}

/** The text a tasting shows: the owner's, or the shipped default when unset, empty or not storable. */
export function tastingRulesOf(record: { tastingRules?: string | null } | null | undefined): string {
  const text = record?.tastingRules;
  return typeof text === 'string' && text.trim() && tastingRulesProblem(text) === null ? text.trim() : DEFAULT_TASTING_RULES;
}

/**
 * What Shop settings stores for the text typed: null (the default, so a better shipped wording
 * reaches shops that never changed it) when it is empty or the default itself, else the text trimmed.
 */
export function tastingRulesInput(typed: string): string | null {
  const text = typed.trim();
  return text === '' || text === DEFAULT_TASTING_RULES ? null : text;
}
