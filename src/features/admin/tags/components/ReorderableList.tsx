/**
 * A vertical list reordered by drag and drop (@dnd-kit): with the mouse or touch on a row's handle
 * (it starts after 5 px, product §9), or with the keyboard (focus the handle, Space or Enter to pick
 * up, arrow keys to move, Space or Enter to drop, Escape to cancel), announced to screen readers
 * with names and positions. Each list has its own DndContext, so a tag list nested in a category
 * row reorders only its own tags.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type ReactNode } from 'react';
import { moveId } from '../category-tree';
import { reorderAnnouncements, reorderInstructions } from '../reorder-announcements';
import { GripIcon } from '../../common/icons';

/** product §9: a drag starts after the pointer has moved 5 px (a click on the handle stays a click). */
export const DRAG_START_DISTANCE_PX = 5;

/**
 * Rows are measured again while a row is moved, not only when it is picked up: the rows' heights
 * change as tags arrive, and a keyboard move computed from stale boxes lands nowhere (seen on the
 * slower cloud backend, where the tags come after the categories).
 */
const MEASURING = { droppable: { strategy: MeasuringStrategy.Always } };

/** Rows move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface ReorderableListProps<T extends { id: string; name: string }> {
  /** "category" or "tag": used in the handles' labels and the announcements. */
  noun: string;
  items: readonly T[];
  /** Called with every id in the new order after a drop that moved something. */
  onReorder: (ids: string[]) => void;
  /** No row can be picked up (while another list drags, or while an order is being saved). */
  disabled?: boolean;
  onDragStart?: () => void;
  /** After a drop or a cancel. */
  onDragFinish?: () => void;
  renderRow: (item: T, handle: ReactNode) => ReactNode;
  id?: string;
  className?: string;
  rowClassName?: string;
}

export function ReorderableList<T extends { id: string; name: string }>({
  noun,
  items,
  onReorder,
  disabled = false,
  onDragStart,
  onDragFinish,
  renderRow,
  id,
  className,
  rowClassName,
}: ReorderableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    // While the place a row would move to lies in the half of the window it moves toward, an arrow
    // key scrolls the page instead (the row stays in view); a smooth scroll leaves the row between
    // two places while it runs, so the page jumps at once.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const accessibility = useMemo(() => {
    const names = new Map(items.map((item) => [item.id, item.name]));
    return {
      announcements: reorderAnnouncements({ noun, ids, nameOf: (itemId) => names.get(itemId) ?? itemId }),
      screenReaderInstructions: { draggable: reorderInstructions(noun) },
    };
  }, [items, ids, noun]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    onDragFinish?.();
    const moved = moveId(ids, String(active.id), over ? String(over.id) : null);
    if (moved) onReorder(moved);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={MEASURING}
      modifiers={[verticalOnly]}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragFinish}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul id={id} className={className}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} label={`Reorder ${noun} ${item.name}`} className={rowClassName}>
              {(handle) => renderRow(item, handle)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  id: string;
  /** The handle's accessible name. */
  label: string;
  className?: string;
  children: (handle: ReactNode) => ReactNode;
}

function SortableRow({ id, label, className, children }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="drag-handle" {...attributes} {...listeners} aria-label={label}>
      <GripIcon />
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} className={className} data-dragging={isDragging || undefined}>
      {children(handle)}
    </li>
  );
}
