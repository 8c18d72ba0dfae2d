/**
 * The header's search through every department (decision 0300), pure: no React, no I/O.
 *
 * - The query's words, folded (case and accents aside: menu-filter.ts `foldText`), must each be
 *   found in the item's name, its tags' names, its description or its UPC; "rioja red" finds a
 *   red Rioja whatever field holds each word.
 * - Results are grouped by department (Wine, Liquor, Extras, the menus' order); an item in two
 *   departments shows in both. Within a group, the items whose name holds every word come first,
 *   then the others, each part in the menu's order (by name, then the smaller size).
 * - A department menu's own search stays a search of names (product §4); when it finds nothing,
 *   `elsewhereCounts` tells how many names match in each other department, so its offer ("3 in
 *   Wine") leads to a menu that shows exactly those.
 */
import { DEPARTMENTS, isDepartment, type Department } from '../../lib/departments';
import { compareMenuItems, foldText, type MenuItem } from './menu-filter';

export interface SearchItem extends MenuItem {
  upc?: string | null;
  description?: string | null;
}

/** An item ready for searching: what it can be found by, folded once. */
export interface SearchEntry {
  item: SearchItem;
  foldedName: string;
  /** Name, description and UPC, folded, one text (tag names are matched at search time). */
  text: string;
}

/** The longest query read; what follows is ignored (a pasted page searches its start). */
export const MAX_QUERY_LENGTH = 100;

/** The query's words, folded; none for a blank query. */
export function queryWords(query: string): string[] {
  return foldText(query.slice(0, MAX_QUERY_LENGTH))
    .split(/\s+/)
    .filter((word) => word !== '');
}

const byMenuOrder = (a: SearchEntry, b: SearchEntry) => compareMenuItems(a.item, b.item);

/**
 * Items made ready for searching, in the menus' order. The catalogue is read in pages, and each
 * page is prepared while the next one is on its way (api/get-search-items.ts): folding a whole
 * catalogue at once held the results back by the time it took.
 */
export function prepareForSearch(items: readonly SearchItem[]): SearchEntry[] {
  return items
    .map((item) => {
      const foldedName = foldText(item.name);
      return { item, foldedName, text: [foldedName, foldText(item.description ?? ''), item.upc ?? ''].join('\n') };
    })
    .sort(byMenuOrder);
}

/** Prepared pages as one index in the menus' order (each page is already sorted: the sort merges them). */
export function joinPrepared(pages: readonly (readonly SearchEntry[])[]): SearchEntry[] {
  return pages.flat().sort(byMenuOrder);
}

export interface SearchGroup {
  department: Department;
  name: string;
  items: SearchItem[];
}

/**
 * The items matching every word, grouped by department in the menus' order; departments with no
 * match are left out. `tagNames` by tag id: a word may be found in the name of one of an item's tags.
 */
export function searchShop(index: readonly SearchEntry[], query: string, tagNames: ReadonlyMap<string, string>): SearchGroup[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const folded = [...tagNames].map(([id, name]) => [id, foldText(name)] as const);
  // For each word, the tags whose name holds it: a few hundred tags, looked at once per search.
  const tagsWith = words.map((word) => new Set(folded.filter(([, name]) => name.includes(word)).map(([id]) => id)));
  const byDepartment = new Map<Department, { byName: SearchItem[]; other: SearchItem[] }>();
  for (const entry of index) {
    const found = words.every(
      (word, at) => entry.text.includes(word) || (tagsWith[at]!.size > 0 && entry.item.tags.some((tag) => tagsWith[at]!.has(tag))),
    );
    if (!found) continue;
    const inName = words.every((word) => entry.foldedName.includes(word));
    for (const tag of entry.item.tags) {
      if (!isDepartment(tag)) continue;
      let group = byDepartment.get(tag);
      if (!group) byDepartment.set(tag, (group = { byName: [], other: [] }));
      (inName ? group.byName : group.other).push(entry.item);
    }
  }
  return (Object.keys(DEPARTMENTS) as Department[])
    .filter((department) => byDepartment.has(department))
    .map((department) => {
      const group = byDepartment.get(department)!;
      return { department, name: DEPARTMENTS[department], items: [...group.byName, ...group.other] };
    });
}

/**
 * For a department menu whose search found nothing: the other departments whose names match the
 * search as that menu's search matches (the name holds the text), with their counts, in menu order.
 */
export function elsewhereCounts(
  menus: Partial<Record<Department, readonly MenuItem[]>>,
  current: Department,
  query: string,
): Array<{ department: Department; name: string; count: number }> {
  const needle = foldText(query.trim());
  if (!needle) return [];
  return (Object.keys(DEPARTMENTS) as Department[])
    .filter((department) => department !== current)
    .map((department) => ({
      department,
      name: DEPARTMENTS[department],
      count: (menus[department] ?? []).filter((item) => item.tags.includes(department) && foldText(item.name).includes(needle)).length,
    }))
    .filter((entry) => entry.count > 0);
}
