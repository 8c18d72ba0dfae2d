import { describe, expect, it } from 'vitest';
import { reorderAnnouncements, reorderInstructions } from './reorder-announcements';

const names: Record<string, string> = { a: 'Wine Type', b: 'Spirit', c: 'Region' };
const say = reorderAnnouncements({ noun: 'category', ids: ['a', 'b', 'c'], nameOf: (id) => names[id] ?? id });

describe('reorder announcements', () => {
  it('names the item and its positions', () => {
    expect(say.onDragStart({ active: { id: 'b' } })).toBe('Picked up category Spirit. It is in position 2 of 3.');
    // Over itself right after the pick-up: nothing new to say.
    expect(say.onDragOver({ active: { id: 'b' }, over: { id: 'b' } })).toBeUndefined();
    expect(say.onDragOver({ active: { id: 'b' }, over: { id: 'c' } })).toBe('Category Spirit was moved into position 3 of 3.');
    expect(say.onDragOver({ active: { id: 'b' }, over: { id: 'c' } })).toBeUndefined();
    expect(say.onDragOver({ active: { id: 'b' }, over: { id: 'b' } })).toBe('Category Spirit was moved into position 2 of 3.');
    expect(say.onDragOver({ active: { id: 'b' }, over: null })).toBeUndefined();
    expect(say.onDragEnd({ active: { id: 'b' }, over: { id: 'a' } })).toBe('Category Spirit was dropped at position 1 of 3.');
    expect(say.onDragEnd({ active: { id: 'b' }, over: null })).toBe('Category Spirit was dropped in its original position.');
    expect(say.onDragCancel({ active: { id: 'a' } })).toBe(
      'Moving was cancelled. Category Wine Type was dropped in its original position.',
    );
  });

  it('tells how to reorder with the keyboard', () => {
    expect(reorderInstructions('tag')).toMatch(/^To pick up a tag, press Space or Enter\..*arrow keys.*Escape to cancel\.$/);
  });
});
