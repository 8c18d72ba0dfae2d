import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ItemSort } from './item-rules';
import { SortMenu } from './SortMenu';

/** The menu as the items page holds it: the chosen order in state, every choice also told to `chosen`. */
function SortedPage({ chosen, initial = null }: { chosen: (sort: ItemSort | null) => void; initial?: ItemSort | null }) {
  const [sort, setSort] = useState<ItemSort | null>(initial);
  return (
    <>
      <h1>Items</h1>
      <SortMenu
        value={sort}
        onChange={(next) => {
          chosen(next);
          setSort(next);
        }}
      />
    </>
  );
}

function renderMenu(initial: ItemSort | null = null) {
  const chosen = vi.fn<(sort: ItemSort | null) => void>();
  const user = userEvent.setup({ delay: null });
  render(<SortedPage chosen={chosen} initial={initial} />);
  return { chosen, user, button: screen.getByRole('button', { name: /^Sort By/ }) };
}

const menu = () => screen.queryByRole('menu', { name: 'Sort By' });
const option = (name: string) => screen.getByRole('menuitemradio', { name });

describe('the Sort By menu', () => {
  it('opens with Enter on its first option, moves with the arrows (round at the ends), Home and End, and Enter chooses', async () => {
    const { chosen, user, button } = renderMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(option('A-Z'));

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(option('Price Low-High'));
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(option('Reset'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('A-Z'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(option('Reset'));
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}');

    await user.keyboard('{Enter}');
    expect(chosen).toHaveBeenCalledExactlyOnceWith('price-asc');
    expect(menu()).toBeNull();
    expect(button.textContent).toBe('Sort By: Price Low-High');
    expect(document.activeElement).toBe(button);
  });

  it('opens with the arrow keys too, on the order already chosen, which it marks', async () => {
    const { user, button } = renderMenu('za');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('Z-A'));
    expect(option('Z-A').getAttribute('aria-checked')).toBe('true');
    expect(option('A-Z').getAttribute('aria-checked')).toBe('false');
    // Reset is no order of its own: never marked.
    expect(option('Reset').getAttribute('aria-checked')).toBe('false');
  });

  it('closes on Escape, pressed at once, with the focus back on its button and nothing chosen', async () => {
    const { chosen, user, button } = renderMenu();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(chosen).not.toHaveBeenCalled();
  });

  it('closes on a click outside it and on Tab, choosing nothing', async () => {
    const { chosen, user, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('heading', { name: 'Items' }));
    expect(menu()).toBeNull();

    await user.click(button);
    expect(menu()).not.toBeNull();
    await user.tab();
    expect(menu()).toBeNull();
    expect(chosen).not.toHaveBeenCalled();
  });

  it('Reset goes back to the list order: the button names no order', async () => {
    const { chosen, user, button } = renderMenu('promoted');
    expect(button.textContent).toBe('Sort By: Promoted');
    await user.click(button);
    await user.click(option('Reset'));
    expect(chosen).toHaveBeenCalledExactlyOnceWith(null);
    expect(button.textContent).toBe('Sort By');
  });
});
