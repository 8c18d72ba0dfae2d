/**
 * Rules the generic model mutations must keep, checked before the write (the editors check them
 * too, but the server is where they hold):
 * - an item carries one of the department tags (wine, liquor, extras; SPEC §5 'Please select
 *   required tag(s)'), on create and whenever an update sets its tags;
 * - the built-in department tags and their category are never deleted, and the tags never leave
 *   the category: the menus are built on them.
 * In the cloud, model mutations are AppSync's own DynamoDB resolvers; these rules hold there
 * only through the editors (docs/decisions.md, issue 8).
 */
import { DEPARTMENT_CATEGORY_ID, DEPARTMENT_TAG_IDS } from '../../shared/catalogue';
import { validationError } from '../errors';

export interface ModelWrite {
  op: 'create' | 'update' | 'delete';
  model: string;
  input: Record<string, unknown>;
}

export const GUARD_MESSAGES = {
  departmentTag: 'Please select required tag(s)',
  builtInTag: 'The built-in tags wine, liquor and extras cannot be deleted or moved',
  builtInCategory: 'The built-in Department category cannot be deleted',
} as const;

const isDepartmentTag = (tag: unknown) => (DEPARTMENT_TAG_IDS as readonly unknown[]).includes(tag);

/** Throws a ValidationError when the write would break a rule. */
export function checkModelWrite({ op, model, input }: ModelWrite): void {
  if (model === 'Item' && (op === 'create' || 'tags' in input)) {
    const tags = input.tags;
    if (!Array.isArray(tags) || !tags.some(isDepartmentTag)) throw validationError(GUARD_MESSAGES.departmentTag);
  }
  if (model === 'Tag' && isDepartmentTag(input.id)) {
    const leaves = op === 'delete' || (op === 'update' && 'categoryId' in input && input.categoryId !== DEPARTMENT_CATEGORY_ID);
    if (leaves) throw validationError(GUARD_MESSAGES.builtInTag);
  }
  if (model === 'Category' && op === 'delete' && input.id === DEPARTMENT_CATEGORY_ID) {
    throw validationError(GUARD_MESSAGES.builtInCategory);
  }
}
