/**
 * What screen readers hear while a category or a tag is reordered (dnd-kit's live region), pure:
 * names and positions ("position 2 of 6") instead of dnd-kit's default wording with raw ids.
 */

/** The list being reordered: its ids in their current order and a display name for an id. */
export interface ReorderList {
  /** "category" or "tag". */
  noun: string;
  ids: readonly string[];
  nameOf: (id: string) => string;
}

export interface ReorderAnnouncements {
  onDragStart(args: { active: { id: string | number } }): string;
  onDragOver(args: { active: { id: string | number }; over: { id: string | number } | null }): string | undefined;
  onDragEnd(args: { active: { id: string | number }; over: { id: string | number } | null }): string;
  onDragCancel(args: { active: { id: string | number } }): string;
}

const position = (list: ReorderList, id: string | number) => `position ${list.ids.indexOf(String(id)) + 1} of ${list.ids.length}`;

/**
 * The announcements of one list. A move is announced only when the position changes: dnd-kit
 * reports the row itself as "over" right after the pick-up, which would cut the pick-up message.
 */
export function reorderAnnouncements(list: ReorderList): ReorderAnnouncements {
  const label = (id: string | number) => `${list.noun} ${list.nameOf(String(id))}`;
  let lastOver: string | number | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return `Picked up ${label(active.id)}. It is in ${position(list, active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver) return undefined;
      lastOver = over.id;
      return `${capitalize(label(active.id))} was moved into ${position(list, over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${capitalize(label(active.id))} was dropped at ${position(list, over.id)}.`
        : `${capitalize(label(active.id))} was dropped in its original position.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${capitalize(label(active.id))} was dropped in its original position.`,
  };
}

/** How to reorder with the keyboard (read with each handle). */
export const reorderInstructions = (noun: string) =>
  `To pick up a ${noun}, press Space or Enter. Use the up and down arrow keys to move it. ` +
  'Press Space or Enter again to drop it in its new position, or press Escape to cancel.';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
