import { describe, expect, it } from 'vitest';
import { activityTargetName, activityValue, fieldChanges, MAX_ACTIVITY_VALUE, modelWriteActivity } from './activity';

describe('fieldChanges', () => {
  it('lists the fields whose value differs, old and new as text, without bookkeeping fields', () => {
    expect(
      fieldChanges(
        { id: 'a', name: 'Rioja', price: 18, tags: ['wine', 'red'], promoted: false, updatedAt: '1' },
        {
          id: 'a',
          name: 'Rioja',
          price: 19.5,
          tags: ['wine'],
          promoted: true,
          updatedAt: '2',
          __typename: 'Item',
          __operation: 'Mutation',
        },
      ),
    ).toEqual([
      { field: 'price', before: '18', after: '19.5' },
      { field: 'tags', before: 'wine; red', after: 'wine' },
      { field: 'promoted', before: 'false', after: 'true' },
    ]);
  });

  it('treats a create and a delete as changes from and to nothing; empty text and empty lists are nothing', () => {
    expect(fieldChanges(null, { name: 'Gin', description: '', tags: [] })).toEqual([{ field: 'name', before: null, after: 'Gin' }]);
    expect(fieldChanges({ name: 'Gin' }, null)).toEqual([{ field: 'name', before: 'Gin', after: null }]);
  });

  it('clips long values, so a 5,000-character description does not fill the log', () => {
    const [change] = fieldChanges({ description: 'a' }, { description: 'b'.repeat(5000) });
    expect(change!.after).toHaveLength(MAX_ACTIVITY_VALUE);
    expect(change!.after!.endsWith('…')).toBe(true);
    expect(activityValue('x'.repeat(MAX_ACTIVITY_VALUE))).toHaveLength(MAX_ACTIVITY_VALUE);
  });
});

describe('modelWriteActivity', () => {
  it('names the kind, the record and what changed; models that are not logged give null', () => {
    expect(modelWriteActivity('update', 'Item', { id: 'i', name: 'Old', price: 1 }, { id: 'i', name: 'New', price: 1 })).toEqual({
      kind: 'item',
      action: 'update',
      targetId: 'i',
      targetName: 'New',
      changes: [{ field: 'name', before: 'Old', after: 'New' }],
    });
    expect(modelWriteActivity('delete', 'Banner', { id: 'b', img: '/media/x.png', description: 'Fall' }, null)).toMatchObject({
      kind: 'banner',
      targetName: 'Fall',
    });
    expect(modelWriteActivity('create', 'Unknown', null, { id: 'u' })).toBeNull();
    expect(activityTargetName({ img: '/media/x.png' })).toBe('/media/x.png');
  });
});
