import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReorderableList } from './ReorderableList';

const TAGS = [
  { id: 'tag-red', name: 'Red' },
  { id: 'tag-white', name: 'White' },
  { id: 'tag-rose', name: 'Rosé' },
];

/**
 * happy-dom lays nothing out, and dnd-kit's keyboard sensor moves a row to where the next row's
 * box is: each row gets a box of its own, one under the other, 40 px high.
 */
function layOutRows() {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row ? Array.from(row.parentElement!.children).indexOf(row) : -1;
    return index < 0 ? new DOMRect(0, 0, 0, 0) : new DOMRect(0, index * 40, 300, 40);
  });
}

beforeEach(() => {
  layOutRows();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderTags(options: { disabled?: boolean } = {}) {
  const onReorder = vi.fn<(ids: string[]) => void>();
  const onDragStart = vi.fn();
  const onDragFinish = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <ReorderableList
      noun="tag"
      items={TAGS}
      onReorder={onReorder}
      onDragStart={onDragStart}
      onDragFinish={onDragFinish}
      disabled={options.disabled}
      renderRow={(tag, handle) => (
        <>
          {handle}
          <span>{tag.name}</span>
        </>
      )}
    />,
  );
  return {
    onReorder,
    onDragStart,
    onDragFinish,
    user,
    handle: (name: string) => screen.getByRole('button', { name: `Reorder tag ${name}` }),
  };
}

/** What dnd-kit's live region says now. */
const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';

describe('reordering with the keyboard', () => {
  it('tells each handle how: Space or Enter, the arrows, Space or Enter again, or Escape', () => {
    const { handle } = renderTags();
    const description = document.getElementById(handle('Red').getAttribute('aria-describedby')!)?.textContent;
    expect(description).toBe(
      'To pick up a tag, press Space or Enter. Use the up and down arrow keys to move it. ' +
        'Press Space or Enter again to drop it in its new position, or press Escape to cancel.',
    );
  });

  it('Space picks a row up, an arrow moves it, Space drops it: the new order, each step announced by name and position', async () => {
    const { onReorder, onDragStart, onDragFinish, user, handle } = renderTags();
    handle('Red').focus();

    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toBe('Picked up tag Red. It is in position 1 of 3.'));
    expect(onDragStart).toHaveBeenCalledOnce();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announced()).toBe('Tag Red was moved into position 2 of 3.'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(announced()).toBe('Tag Red was moved into position 3 of 3.'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(announced()).toBe('Tag Red was moved into position 2 of 3.'));

    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toBe('Tag Red was dropped at position 2 of 3.'));
    expect(onReorder).toHaveBeenCalledExactlyOnceWith(['tag-white', 'tag-red', 'tag-rose']);
    expect(onDragFinish).toHaveBeenCalledOnce();
  });

  it('Escape puts the row back where it was, says so, and changes nothing', async () => {
    const { onReorder, onDragFinish, user, handle } = renderTags();
    handle('White').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(announced()).toBe('Picked up tag White. It is in position 2 of 3.'));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(announced()).toBe('Tag White was moved into position 1 of 3.'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(announced()).toBe('Moving was cancelled. Tag White was dropped in its original position.'));
    expect(onReorder).not.toHaveBeenCalled();
    expect(onDragFinish).toHaveBeenCalledOnce();
  });

  it('picks nothing up while disabled', async () => {
    const { onDragStart, user, handle } = renderTags({ disabled: true });
    expect(handle('Red').getAttribute('aria-disabled')).toBe('true');
    handle('Red').focus();
    await user.keyboard(' ');
    expect(onDragStart).not.toHaveBeenCalled();
    expect(announced()).toBe('');
  });
});
