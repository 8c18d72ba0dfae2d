import type { Locator } from '@playwright/test';

/**
 * Focuses a drag handle and presses Space to pick it up, with the row placed so that one arrow key
 * moves it one place. dnd-kit's keyboard sensor scrolls the page instead of moving the row while
 * the place it would move to lies in the half of the window it is moving toward (the lower half for
 * ArrowDown), and earlier tests leave the lists longer or shorter, so where a row sits is not fixed:
 * a row about to move down starts at the window's top, one about to move up at its bottom.
 */
export async function pickUpWithKeyboard(handle: Locator, moving: 'down' | 'up'): Promise<void> {
  const block: ScrollLogicalPosition = moving === 'down' ? 'start' : 'end';
  await handle.evaluate((element, at) => element.closest('li')!.scrollIntoView({ block: at }), block);
  await handle.focus();
  await handle.page().keyboard.press('Space');
}
