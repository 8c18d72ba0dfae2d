import { expect, type Locator } from '@playwright/test';

/**
 * Focuses a drag handle and presses Space to pick it up, with the row placed so that one arrow key
 * moves it one place. dnd-kit's keyboard sensor scrolls the page instead of moving the row while
 * the place it would move to lies in the half of the window it is moving toward (the lower half for
 * ArrowDown), and earlier tests leave the lists longer or shorter, so where a row sits is not fixed:
 * a row about to move down starts at the window's top, one about to move up at its bottom.
 * A handle is disabled while an earlier order is saved and reloaded; Space on it then picks up nothing.
 */
export async function pickUpWithKeyboard(handle: Locator, moving: 'down' | 'up'): Promise<void> {
  await expect(handle).toHaveAttribute('aria-disabled', 'false');
  const block: ScrollLogicalPosition = moving === 'down' ? 'start' : 'end';
  await handle.evaluate((element, at) => element.closest('li')!.scrollIntoView({ block: at }), block);
  await handle.focus();
  await handle.page().keyboard.press('Space');
}

/**
 * Presses `key` until `moved` (the live region's "was moved into position" line) is there, three
 * presses at most: a press dnd-kit spends scrolling the page moves nothing and says nothing (seen
 * on the emulated cloud at 1440 px even with the row placed as above). The order the test checks
 * afterwards says whether the row moved by one.
 */
export async function moveWithKeyboard(handle: Locator, key: 'ArrowDown' | 'ArrowUp', moved: Locator): Promise<void> {
  for (let press = 1; ; press += 1) {
    await handle.page().keyboard.press(key);
    try {
      await expect(moved).toHaveCount(1, { timeout: 2_500 });
      return;
    } catch (error) {
      if (press === 3) throw error;
    }
  }
}
