import { describe, expect, it } from 'vitest';
import { bulkSummary, planBulkChange, type BulkAction } from './bulk-change';
import type { AdminItem } from './item-rules';
import { adminItem } from './test-items';

const item = (id: string, fields: Partial<AdminItem> = {}) => adminItem({ id, name: `Item ${id}`, ...fields });

describe('planBulkChange', () => {
  it('promotes only the items not promoted yet, writing the promoted field alone', () => {
    const plan = planBulkChange([item('a'), item('b', { promoted: true })], { kind: 'promote' });
    expect(plan.writes).toEqual([{ item: item('a'), kind: 'update', input: { id: 'a', promoted: true } }]);
    expect(plan.unchanged.map(({ id }) => id)).toEqual(['b']);
  });

  it('demotes only the promoted items', () => {
    const plan = planBulkChange([item('a'), item('b', { promoted: true })], { kind: 'demote' });
    expect(plan.writes.map((write) => write.item.id)).toEqual(['b']);
    expect(plan.writes[0]).toMatchObject({ input: { id: 'b', promoted: false } });
  });

  it('adds a tag after the tags an item has, and leaves items that have it', () => {
    const action: BulkAction = { kind: 'addTag', tagId: 'red', tagName: 'Red' };
    const plan = planBulkChange([item('a', { tags: ['wine', 'dry'] }), item('b', { tags: ['wine', 'red'] })], action);
    expect(plan.writes).toEqual([
      { item: item('a', { tags: ['wine', 'dry'] }), kind: 'update', input: { id: 'a', tags: ['wine', 'dry', 'red'] } },
    ]);
    expect(plan.unchanged.map(({ id }) => id)).toEqual(['b']);
  });

  it("removes a tag, but never an item's last department tag", () => {
    const action: BulkAction = { kind: 'removeTag', tagId: 'wine', tagName: 'Wine' };
    const plan = planBulkChange(
      [item('a', { tags: ['wine', 'extras'] }), item('b', { tags: ['wine', 'red'] }), item('c', { tags: ['liquor'] })],
      action,
    );
    expect(plan.writes).toEqual([{ item: item('a', { tags: ['wine', 'extras'] }), kind: 'update', input: { id: 'a', tags: ['extras'] } }]);
    expect(plan.refused.map(({ id }) => id)).toEqual(['b']);
    expect(plan.unchanged.map(({ id }) => id)).toEqual(['c']);
  });

  it('deletes every selected item', () => {
    const plan = planBulkChange([item('a'), item('b')], { kind: 'delete' });
    expect(plan.writes.map((write) => [write.kind, write.item.id])).toEqual([
      ['delete', 'a'],
      ['delete', 'b'],
    ]);
  });
});

describe('bulkSummary', () => {
  const none = { writes: [], unchanged: [], refused: [] };

  it('is one success when every write landed', () => {
    expect(bulkSummary({ kind: 'promote' }, none, { done: 12, stale: 0, failed: 0 })).toEqual({ ok: true, message: '12 items promoted.' });
    expect(bulkSummary({ kind: 'delete' }, none, { done: 1, stale: 0, failed: 0 })).toEqual({ ok: true, message: '1 item deleted.' });
  });

  it('names the tag, and counts the items that were already so', () => {
    const plan = { ...none, unchanged: [item('x'), item('y')] };
    expect(bulkSummary({ kind: 'addTag', tagId: 'red', tagName: 'Red' }, plan, { done: 3, stale: 0, failed: 0 })).toEqual({
      ok: true,
      message: 'Tag Red added to 3 items; 2 items already so.',
    });
  });

  it('is an error that reports stale, refused and failed items', () => {
    const plan = { ...none, refused: [item('r')] };
    const summary = bulkSummary({ kind: 'removeTag', tagId: 'wine', tagName: 'Wine' }, plan, { done: 4, stale: 2, failed: 1 });
    expect(summary.ok).toBe(false);
    expect(summary.message).toBe(
      'Tag Wine removed from 4 items; 1 item kept it: an item needs one of Wine, Liquor, Extras; 2 items changed meanwhile and left alone: look again; 1 item not saved: try again.',
    );
  });
});
