/**
 * Which items of the admin grid are selected for a bulk action (decision 0255): a click toggles one
 * box; a shift-click sets every box from the last one clicked to this one, in the order shown, to
 * the state the clicked box takes (as mail clients do). Pure; tested in item-selection.test.ts.
 */

export function toggleSelection(
  selected: ReadonlySet<string>,
  shownIds: readonly string[],
  id: string,
  anchor: string | null,
  range: boolean,
): Set<string> {
  const next = new Set(selected);
  const select = !selected.has(id);
  const from = range && anchor !== null ? shownIds.indexOf(anchor) : -1;
  const to = shownIds.indexOf(id);
  const ids = from >= 0 && to >= 0 ? shownIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const each of ids) {
    if (select) next.add(each);
    else next.delete(each);
  }
  return next;
}
