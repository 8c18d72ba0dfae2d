/**
 * The shop's three departments: the menus of the storefront (`/menu?category=wine`) and the
 * built-in tag ids every item carries at least one of (SPEC §2, §3).
 */
export const DEPARTMENTS = { wine: 'Wine', liquor: 'Liquor', extras: 'Extras' } as const;
export type Department = keyof typeof DEPARTMENTS;

export function isDepartment(value: string | null | undefined): value is Department {
  return typeof value === 'string' && Object.hasOwn(DEPARTMENTS, value);
}

/** The link to a department's menu. */
export const departmentMenuPath = (department: Department) => `/menu?category=${department}`;

/** The first department an item's tags name, if any. */
export function departmentOf(tags: readonly string[]): Department | undefined {
  return tags.find(isDepartment);
}
