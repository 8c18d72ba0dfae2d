/** Reading the public home page in admin tests (what visitors see after an admin change). */
import { expect, type Page } from '@playwright/test';

/** The ids of every item in the home page's promoted window, stepping it to the end. */
export async function promotedIdsOnHome(page: Page): Promise<string[]> {
  const cards = page.locator('.promoted .product-card');
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
