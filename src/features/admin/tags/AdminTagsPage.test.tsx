import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../../lib/amplify';
import { findToast, renderWithApp } from '../../../test/render';
import { adminKeys } from '../common/admin-keys';
import { TAG_MESSAGES, type CategoryNode } from './category-tree';
import { AdminTagsPage } from './AdminTagsPage';

// The network boundary: the reorder mutations, answered here as the server answers. The list
// itself is in the query cache, as the page holds it once loaded.
const api = vi.hoisted(() => ({ reorderCategories: vi.fn(), reorderTags: vi.fn() }));
vi.mock('../../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: api },
}));

const category = (id: string, name: string, tags: string[] = []): CategoryNode => ({
  id,
  name,
  type: ['Wine'],
  visible: true,
  tags: tags.map((tag) => ({ id: `${id}-${tag.toLowerCase()}`, name: tag, categoryId: id })),
});
const TREE = [
  category('wine-type', 'Wine Type', ['Red', 'White', 'Rosé']),
  category('region', 'Region', ['France']),
  category('grape', 'Grape'),
];

/** happy-dom lays nothing out: each list's rows get boxes one under the other, for dnd-kit's keyboard moves. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row ? Array.from(row.parentElement!.children).indexOf(row) : -1;
    return index < 0 ? new DOMRect(0, 0, 0, 0) : new DOMRect(0, index * 40, 300, 40);
  });
  api.reorderCategories.mockReset();
  api.reorderTags.mockReset();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderTagsPage() {
  return renderWithApp(<AdminTagsPage />, { url: '/admin-tags', session: 'admin', data: [[adminKeys.categories(), TREE]] });
}

const handle = (noun: 'category' | 'tag', name: string) => screen.getByRole('button', { name: `Reorder ${noun} ${name}` });
const announced = () => Array.from(document.querySelectorAll('[id^="DndLiveRegion"]'), (region) => region.textContent).join(' ');
const categoryOrder = () => Array.from(document.querySelectorAll('.category-row__name'), (name) => name.textContent);
const tagOrder = () => Array.from(document.querySelectorAll('.tag-row__name'), (name) => name.textContent);

describe('the Tags screen, reordered with the keyboard', () => {
  it('no category can be picked up while a tag is moved; Escape puts the tag back and frees them', async () => {
    const { user } = renderTagsPage();
    expect(handle('category', 'Wine Type').getAttribute('aria-disabled')).toBe('false');

    handle('tag', 'Red').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toContain('Picked up tag Red. It is in position 1 of 3.'));
    for (const name of ['Wine Type', 'Region', 'Grape']) expect(handle('category', name).getAttribute('aria-disabled')).toBe('true');

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announced()).toContain('Tag Red was moved into position 2 of 3.'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(announced()).toContain('Moving was cancelled. Tag Red was dropped in its original position.'));
    expect(handle('category', 'Wine Type').getAttribute('aria-disabled')).toBe('false');
    expect(tagOrder()).toEqual(['Red', 'White', 'Rosé', 'France']);
    expect(api.reorderTags).not.toHaveBeenCalled();
  });

  it("a tag moved with Space, an arrow and Space is saved in its category's new order, and says Order saved", async () => {
    api.reorderTags.mockResolvedValue({ data: true });
    const { user } = renderTagsPage();
    handle('tag', 'Red').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toContain('Picked up tag Red.'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announced()).toContain('Tag Red was moved into position 2 of 3.'));
    await user.keyboard(' ');

    await findToast('Success', TAG_MESSAGES.orderSaved);
    expect(api.reorderTags).toHaveBeenCalledExactlyOnceWith(
      { categoryId: 'wine-type', ids: ['wine-type-white', 'wine-type-red', 'wine-type-rosé'] },
      expect.objectContaining({ authMode: 'lambda' }),
    );
    expect(tagOrder()).toEqual(['White', 'Red', 'Rosé', 'France']);
    expect(document.activeElement).toBe(handle('tag', 'Red'));
  });

  it('a refused category order shows at once, then the old order comes back with the error', async () => {
    let answer: (response: unknown) => void = () => undefined;
    api.reorderCategories.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderTagsPage();
    handle('category', 'Grape').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toContain('Picked up category Grape. It is in position 3 of 3.'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(announced()).toContain('Category Grape was moved into position 2 of 3.'));
    await user.keyboard(' ');

    // Shown while the server has not answered.
    await waitFor(() => expect(categoryOrder()).toEqual(['Wine Type', 'Grape', 'Region']));
    expect(api.reorderCategories).toHaveBeenCalledWith({ ids: ['wine-type', 'grape', 'region'] }, expect.anything());
    answer({ data: null, errors: [{ message: 'Internal failure', errorType: 'InternalFailure' }] });

    await findToast('Error', TAG_MESSAGES.categoryUpdateFailed);
    expect(categoryOrder()).toEqual(['Wine Type', 'Region', 'Grape']);
  });
});
