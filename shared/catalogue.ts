/** Catalogue constants shared by the browser, the server and the demo seed. */

/** The built-in category holding the department tags; every item carries one of its tags. */
export const DEPARTMENT_CATEGORY_ID = 'department';
/** Built-in tag ids (SPEC §3): the menu's three departments. */
export const DEPARTMENT_TAG_IDS = ['wine', 'liquor', 'extras'] as const;
export type DepartmentTagId = (typeof DEPARTMENT_TAG_IDS)[number];
