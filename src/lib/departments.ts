/**
 * The storefront's way to the department menus. The departments themselves (ids, names, the rule
 * every item keeps) are shared/catalogue.ts, which the server applies too.
 */
import { isDepartment, type DepartmentTagId } from '../../shared/catalogue';

export { DEPARTMENTS, isDepartment, type DepartmentTagId as Department } from '../../shared/catalogue';

/** The link to a department's menu. */
export const departmentMenuPath = (department: DepartmentTagId) => `/menu?category=${department}`;

/** The first department an item's tags name, if any. */
export function departmentOf(tags: readonly string[]): DepartmentTagId | undefined {
  return tags.find(isDepartment);
}
