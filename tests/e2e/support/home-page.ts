/** Reading the public home page in admin tests (what visitors see after an admin change). */
import { expect, type Page } from '@playwright/test';

/**
 * The cards of the home page's promoted window once its items have come: links. The skeleton
 * drawn while they load has card outlines of the same class (spans), and a test that reads those
 * and then steps the window misses the first item.
 */
export const promotedCards = (page: Page) => page.locator('.promoted a.product-card');

/** The ids of every item in the home page's promoted window, stepping it to the end. */
export async function promotedIdsOnHome(page: Page): Promise<string[]> {
  const cards = promotedCards(page);
  await expect(cards.first()).toBeVisible();
  const ids = new Set<string>();
  const next = page.getByRole('button', { name: 'Next promoted items' });
  for (;;) {
    for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      if (href.startsWith('/item/')) ids.add(decodeURIComponent(href.replace('/item/', '')));
    }
    if (await next.isDisabled()) break;
    const before = await cards.first().getAttribute('href');
    await next.click();
    await expect(cards.first()).not.toHaveAttribute('href', before!);
  }
  return [...ids];
}
