import { describe, expect, it } from 'vitest';
import { tagGroups, tagNames, toggleTag } from './tag-groups';

describe('tagGroups', () => {
  const categories = [
    {
      id: 'region',
      name: 'Region',
      index: 2,
      tags: [
        { id: 'ny', name: 'New York', index: 1 },
        { id: 'fr', name: 'France', index: 0 },
      ],
    },
    {
      id: 'department',
      name: 'Department',
      index: 0,
      tags: [
        { id: 'extras', name: 'Extras', index: 2 },
        { id: 'wine', name: 'Wine', index: 0 },
        { id: 'liquor', name: 'Liquor', index: 1 },
      ],
    },
    { id: 'new', name: 'New', index: null, tags: null },
  ];

  it('orders categories and their tags by index, unnumbered last', () => {
    expect(tagGroups(categories)).toEqual([
      {
        id: 'department',
        name: 'Department',
        tags: [
          { id: 'wine', name: 'Wine' },
          { id: 'liquor', name: 'Liquor' },
          { id: 'extras', name: 'Extras' },
        ],
      },
      {
        id: 'region',
        name: 'Region',
        tags: [
          { id: 'fr', name: 'France' },
          { id: 'ny', name: 'New York' },
        ],
      },
      { id: 'new', name: 'New', tags: [] },
    ]);
  });

  it('names tags by id', () => {
    expect(tagNames(tagGroups(categories)).get('ny')).toBe('New York');
  });
});

describe('toggleTag', () => {
  it('adds a tag that is not selected and removes one that is', () => {
    expect(toggleTag(['wine'], 'tag-red')).toEqual(['wine', 'tag-red']);
    expect(toggleTag(['wine', 'tag-red'], 'wine')).toEqual(['tag-red']);
  });
});
