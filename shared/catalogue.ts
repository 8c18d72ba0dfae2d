/** Catalogue constants shared by the browser, the server and the demo seed. */

/** The built-in category holding the department tags; every item carries one of its tags. */
export const DEPARTMENT_CATEGORY_ID = 'department';
/** Built-in tag ids (SPEC §3): the menu's three departments. */
export const DEPARTMENT_TAG_IDS = ['wine', 'liquor', 'extras'] as const;
export type DepartmentTagId = (typeof DEPARTMENT_TAG_IDS)[number];

/** Whether a value (a tag id, a `?category=` parameter) names one of the three departments. */
export const isDepartment = (value: string | null | undefined): value is DepartmentTagId =>
  (DEPARTMENT_TAG_IDS as readonly (string | null | undefined)[]).includes(value);

/**
 * Ids the API hands out (UUIDs) and the seed's readable ones: anything else in an /item or
 * /events URL names no record worth a query.
 */
export const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The built-in records every shop has, seeded or not (server/setup/built-in-catalogue.ts). */
export const BUILT_IN_CATEGORY = {
  id: DEPARTMENT_CATEGORY_ID,
  name: 'Department',
  type: ['Wine', 'Liquor', 'Extras'],
  visible: false,
} as const;
export const BUILT_IN_TAGS: ReadonlyArray<{ id: DepartmentTagId; name: string }> = [
  { id: 'wine', name: 'Wine' },
  { id: 'liquor', name: 'Liquor' },
  { id: 'extras', name: 'Extras' },
];

/** The largest page the API hands out (AppSync and the local server cap `limit` at 1000). */
export const MAX_PAGE_SIZE = 1000;

/** Sorts by a numeric `index` (missing ones last), keeping the given order among equals. */
export function byIndex<T extends { index?: number | null }>(records: readonly T[]): T[] {
  const position = (record: T) => record.index ?? Number.POSITIVE_INFINITY;
  return [...records].sort((a, b) => position(a) - position(b));
}
