/**
 * The Item Editor's tag choices (product §4 tag picking): every category with its tags, both by
 * `index`. The built-in Department category (hidden from the public menu) holds Wine, Liquor and
 * Extras and is offered like any other. Pure; tested in tag-groups.test.ts.
 */
import { byIndex } from '../../../lib/catalogue';

export interface TagOption {
  id: string;
  name: string;
}

export interface TagGroup {
  id: string;
  name: string;
  tags: TagOption[];
}

export interface RawCategory {
  id: string;
  name: string;
  index?: number | null;
  tags?: readonly { id: string; name: string; index?: number | null }[] | null;
}

export function tagGroups(categories: readonly RawCategory[]): TagGroup[] {
  return byIndex(categories).map((category) => ({
    id: category.id,
    name: category.name,
    tags: byIndex(category.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name })),
  }));
}

/** The name of every known tag by id. */
export function tagNames(groups: readonly TagGroup[]): Map<string, string> {
  return new Map(groups.flatMap((group) => group.tags.map((tag) => [tag.id, tag.name] as const)));
}

/** The selection with `id` added, or removed when it is already there (product §4). */
export function toggleTag(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((tag) => tag !== id) : [...selection, id];
}
