import { describe, expect, it } from 'vitest';
import { toggleSelection } from './item-selection';

const shown = ['a', 'b', 'c', 'd', 'e'];

describe('toggleSelection', () => {
  it('toggles one box on a plain click', () => {
    const once = toggleSelection(new Set(), shown, 'c', null, false);
    expect([...once]).toEqual(['c']);
    expect([...toggleSelection(once, shown, 'c', 'c', false)]).toEqual([]);
  });

  it('selects the range from the last box clicked on a shift-click, either way', () => {
    expect([...toggleSelection(new Set(['b']), shown, 'd', 'b', true)].sort()).toEqual(['b', 'c', 'd']);
    expect([...toggleSelection(new Set(['d']), shown, 'b', 'd', true)].sort()).toEqual(['b', 'c', 'd']);
  });

  it('clears the range when the shift-clicked box was selected', () => {
    expect([...toggleSelection(new Set(shown), shown, 'd', 'b', true)].sort()).toEqual(['a', 'e']);
  });

  it('toggles one box when the last one clicked is no longer shown (a new search)', () => {
    expect([...toggleSelection(new Set(), shown, 'c', 'zz', true)]).toEqual(['c']);
  });
});
