/** Catalogue constants shared by the browser, the server and the demo seed. */

/** The built-in category holding the department tags; every item carries one of its tags. */
export const DEPARTMENT_CATEGORY_ID = 'department';
/**
 * The shop's three departments (product §2, §3): the built-in tags by id (the storefront's menus,
 * `/menu?category=wine`) and their names, which are also the types a category can have.
 */
export const DEPARTMENTS = { wine: 'Wine', liquor: 'Liquor', extras: 'Extras' } as const;
export type DepartmentTagId = keyof typeof DEPARTMENTS;
export type DepartmentName = (typeof DEPARTMENTS)[DepartmentTagId];
/** Built-in tag ids (product §3), in menu order. */
export const DEPARTMENT_TAG_IDS = Object.keys(DEPARTMENTS) as readonly DepartmentTagId[];
/** The types a category can have (product §3), in the order the chips and filters show them. */
export const DEPARTMENT_NAMES = Object.values(DEPARTMENTS) as readonly DepartmentName[];

/** Whether a value (a tag id, a `?category=` parameter) names one of the three departments. */
export const isDepartment = (value: unknown): value is DepartmentTagId => typeof value === 'string' && Object.hasOwn(DEPARTMENTS, value);

/** The rule every item keeps (product §5): its tags hold at least one department tag. */
export const hasDepartmentTag = (tags: unknown): boolean => Array.isArray(tags) && tags.some(isDepartment);

/**
 * Ids the API hands out (UUIDs) and the seed's readable ones: anything else in an /item or
 * /events URL names no record worth a query.
 */
export const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The built-in records every shop has, seeded or not (server/setup/built-in-catalogue.ts). */
export const BUILT_IN_CATEGORY = {
  id: DEPARTMENT_CATEGORY_ID,
  name: 'Department',
  type: DEPARTMENT_NAMES,
  visible: false,
} as const;
export const BUILT_IN_TAGS: ReadonlyArray<{ id: DepartmentTagId; name: DepartmentName }> = DEPARTMENT_TAG_IDS.map((id) => ({
  id,
  name: DEPARTMENTS[id],
}));

/** The largest page the API hands out (AppSync and the local server cap `limit` at 1000). */
export const MAX_PAGE_SIZE = 1000;

/** Sorts by a numeric `index` (missing ones last), keeping the given order among equals. */
export function byIndex<T extends { index?: number | null }>(records: readonly T[]): T[] {
  const position = (record: T) => record.index ?? Number.POSITIVE_INFINITY;
  return [...records].sort((a, b) => position(a) - position(b));
}
