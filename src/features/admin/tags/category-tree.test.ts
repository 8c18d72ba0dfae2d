import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../shared/messages';
import {
  buildCategoryTree,
  categoryProblem,
  isBuiltInCategory,
  isBuiltInTag,
  moveId,
  normalizeTypes,
  previewGroups,
  tagProblem,
  TAG_MESSAGES,
  toggleType,
  withCategoryOrder,
  withTagOrder,
} from './category-tree';
import type { CategoryRecord, TagRecord } from '../../../lib/catalogue';

const categories: CategoryRecord[] = [
  { id: 'region', name: 'Region', type: ['wine', 'LIQUOR'], visible: true, index: 2 },
  { id: 'dept', name: 'Department', type: ['Wine', 'Liquor', 'Extras'], visible: false, index: 0 },
  { id: 'wine-type', name: 'Wine Type', type: ['Wine'], visible: true, index: 1 },
  { id: 'loose', name: 'Unnumbered', type: ['Extras', null, 'Beer'], visible: null, index: null },
  { id: 'empty', name: 'Empty', type: null, visible: true },
];

const tags: TagRecord[] = [
  { id: 'white', name: 'White', categoryId: 'wine-type', index: 1 },
  { id: 'red', name: 'Red', categoryId: 'wine-type', index: 0 },
  { id: 'rose', name: 'Rosé', categoryId: 'wine-type', index: 2 },
  { id: 'ny', name: 'New York', categoryId: 'region', index: 0 },
  { id: 'orphan', name: 'Orphan', categoryId: 'gone', index: 0 },
  { id: 'b', name: 'Beta', categoryId: 'loose', index: null },
  { id: 'a', name: 'alpha', categoryId: 'loose', index: null },
];

const tree = buildCategoryTree(categories, tags);

describe('buildCategoryTree', () => {
  it('orders categories by index, missing indexes last by name', () => {
    expect(tree.map((c) => c.id)).toEqual(['dept', 'wine-type', 'region', 'empty', 'loose']);
  });

  it('orders tags by index within their category, missing indexes by name, and drops orphans', () => {
    expect(tree.find((c) => c.id === 'wine-type')!.tags.map((t) => t.id)).toEqual(['red', 'white', 'rose']);
    expect(tree.find((c) => c.id === 'loose')!.tags.map((t) => t.name)).toEqual(['alpha', 'Beta']);
    expect(tree.flatMap((c) => c.tags).some((t) => t.id === 'orphan')).toBe(false);
  });

  it('reads types ignoring case, keeps only Wine, Liquor, Extras in that order, and visible only when true', () => {
    expect(tree.find((c) => c.id === 'region')).toMatchObject({ type: ['Wine', 'Liquor'], visible: true });
    expect(tree.find((c) => c.id === 'loose')).toMatchObject({ type: ['Extras'], visible: false });
    expect(tree.find((c) => c.id === 'empty')!.type).toEqual([]);
  });
});

describe('normalizeTypes', () => {
  it('maps stored spellings to the known types once each', () => {
    expect(normalizeTypes([' extras', 'Wine', 'wine'])).toEqual(['Wine', 'Extras']);
    expect(normalizeTypes(undefined)).toEqual([]);
  });
});

describe('moveId (a drop to an id list)', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('moves down and up like arrayMove', () => {
    expect(moveId(ids, 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveId(ids, 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveId(ids, 'b', 'a')).toEqual(['b', 'a', 'c', 'd']);
  });

  it('gives null when nothing moves', () => {
    expect(moveId(ids, 'a', 'a')).toBeNull();
    expect(moveId(ids, 'a', null)).toBeNull();
    expect(moveId(ids, 'x', 'a')).toBeNull();
    expect(moveId(ids, 'a', 'x')).toBeNull();
  });

  it('does not change its input', () => {
    moveId(ids, 'a', 'd');
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('optimistic orders', () => {
  it('puts the categories in the order of the ids', () => {
    const ids = ['region', 'dept', 'wine-type', 'empty', 'loose'];
    expect(withCategoryOrder(tree, ids).map((c) => c.id)).toEqual(ids);
  });

  it('reorders the tags of one category only', () => {
    const next = withTagOrder(tree, 'wine-type', ['rose', 'red', 'white']);
    expect(next.find((c) => c.id === 'wine-type')!.tags.map((t) => t.id)).toEqual(['rose', 'red', 'white']);
    expect(next.find((c) => c.id === 'loose')).toBe(tree.find((c) => c.id === 'loose'));
  });
});

describe('previewGroups (the Filters Preview)', () => {
  it('shows the visible categories of the type in order, with their tags', () => {
    expect(previewGroups(tree, 'Wine')).toEqual([
      {
        id: 'wine-type',
        name: 'Wine Type',
        tags: [
          { id: 'red', name: 'Red' },
          { id: 'white', name: 'White' },
          { id: 'rose', name: 'Rosé' },
        ],
      },
      { id: 'region', name: 'Region', tags: [{ id: 'ny', name: 'New York' }] },
    ]);
  });

  it('matches stored types of any case and leaves hidden categories out', () => {
    expect(previewGroups(tree, 'Liquor').map((g) => g.id)).toEqual(['region']);
    expect(previewGroups(tree, 'Extras')).toEqual([]);
  });

  it('leaves out a category named Price, as the menu does (decision 0281)', () => {
    const withPrice = buildCategoryTree(
      [...categories, { id: 'price', name: 'Price', type: ['Extras'], visible: true, index: 5 }],
      [...tags, { id: 'under-20', name: 'Under $20', categoryId: 'price', index: 0 }],
    );
    expect(previewGroups(withPrice, 'Extras')).toEqual([]);
  });
});

describe('editors', () => {
  it('toggles type chips, keeping Wine, Liquor, Extras order', () => {
    expect(toggleType([], 'Extras')).toEqual(['Extras']);
    expect(toggleType(['Extras'], 'Wine')).toEqual(['Wine', 'Extras']);
    expect(toggleType(['Wine', 'Extras'], 'Wine')).toEqual(['Extras']);
  });

  it("refuses a category without a name or a type: 'All fields are required'", () => {
    expect(categoryProblem({ name: '  ', type: ['Wine'], visible: true })).toBe('All fields are required');
    expect(categoryProblem({ name: 'Region', type: [], visible: true })).toBe(MESSAGES.allFieldsRequired);
    expect(categoryProblem({ name: 'Region', type: ['Liquor'], visible: false })).toBeNull();
  });

  it("refuses a tag without a name: 'Missing Name'", () => {
    expect(tagProblem(' ')).toBe('Missing Name');
    expect(tagProblem('Red')).toBeNull();
  });

  it("uses 'Error creating tag' for a failed tag creation", () => {
    expect(TAG_MESSAGES.tagCreateFailed).toBe('Error creating tag');
  });

  it('knows the built-in department category and tags', () => {
    expect(isBuiltInCategory('department')).toBe(true);
    expect(isBuiltInCategory('region')).toBe(false);
    expect(['wine', 'liquor', 'extras', 'tag-red'].map(isBuiltInTag)).toEqual([true, true, true, false]);
  });
});
