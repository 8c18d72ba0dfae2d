/**
 * Bulk actions on /admin-items (decision 0255): select with clicks, Shift-click ranges and "Select
 * all N matching"; Promote, Demote, Add tag, Remove tag and Delete each as one change with one
 * toast; an item changed by someone else meanwhile is reported and left as they saved it; an
 * item's last department tag is kept. Checked against the server's records.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { getItem, listItems, updateItem, type AdminApi } from './support/catalogue';
import { BOTH_BACKENDS } from './support/scope';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const box = (page: Page, name: string) => page.getByRole('checkbox', { name: `Select ${name}`, exact: true });
const bar = (page: Page) => page.getByRole('region', { name: 'Selected items' });
const action = (page: Page, name: string) => bar(page).getByRole('button', { name, exact: true });

async function createItems(api: AdminApi, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const { createItem } = await api.call<{ createItem: { id: string } }>(
      'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
      { input: { name, price: 9.5, description: 'Made for the bulk test', tags: ['wine'], promoted: false } },
    );
    ids.push(createItem.id);
  }
  return ids;
}

async function aTag(api: AdminApi): Promise<{ id: string; name: string }> {
  const { listTags } = await api.call<{ listTags: { items: Array<{ id: string; name: string }> } }>(
    'query { listTags(limit: 1000) { items { id name } } }',
  );
  const names = listTags.items.map(({ name }) => name);
  // A tag whose name is its own, so the toast names it unambiguously.
  return listTags.items.find(
    (tag) => !['wine', 'liquor', 'extras'].includes(tag.id) && names.filter((name) => name === tag.name).length === 1,
  )!;
}

test(
  'bulk actions change the selected items as one change, report a stale item and keep a department tag',
  BOTH_BACKENDS,
  async ({ page }) => {
    const api = await adminApi(page.request);
    const run = unique('E2E Bulk ');
    const names = ['A', 'B', 'C', 'D'].map((letter) => `${run} ${letter}`);
    const ids = await createItems(api, names);
    const tag = await aTag(api);

    await signInAsAdmin(page);
    await page.goto('/admin-items');
    await page.getByRole('searchbox', { name: 'Search items by name or UPC' }).fill(run);
    await expect(page.getByRole('list', { name: 'Items' }).getByRole('article')).toHaveCount(4);
    await expect(bar(page)).toHaveCount(0);

    // A click, then a Shift-click: the range between them, in the order shown.
    const shown = await page
      .getByRole('list', { name: 'Items' })
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')!));
    await box(page, shown[0]!).click();
    await expect(bar(page).getByRole('status')).toHaveText('1 item selected');
    await box(page, shown[2]!).click({ modifiers: ['Shift'] });
    await expect(bar(page).getByRole('status')).toHaveText('3 items selected');
    await expect(box(page, shown[1]!)).toBeChecked();
    await expect(box(page, shown[3]!)).not.toBeChecked();
    await bar(page).getByRole('button', { name: 'Select all 4 matching' }).click();
    await expect(bar(page).getByRole('status')).toHaveText('4 items selected');
    expect(await seriousViolations(page)).toEqual([]);

    // Promote: one toast; every record promoted; the selection is done with.
    await action(page, 'Promote').click();
    await expectToast(page, 'Success', '4 items promoted.');
    await expect(bar(page)).toHaveCount(0);
    for (const id of ids) expect((await getItem(api, id))?.promoted).toBe(true);

    // Add a tag to all four.
    await box(page, names[0]!).click();
    await bar(page).getByRole('button', { name: 'Select all 4 matching' }).click();
    await bar(page).getByLabel('Tag to add or remove').selectOption(tag.id);
    await action(page, 'Add tag').click();
    await expectToast(page, 'Success', `Tag ${tag.name} added to 4 items.`);
    for (const id of ids) expect((await getItem(api, id))?.tags).toEqual(['wine', tag.id]);

    // Someone else changes B meanwhile: Demote leaves B as they saved it and says so; B stays selected.
    await box(page, names[0]!).click();
    await bar(page).getByRole('button', { name: 'Select all 4 matching' }).click();
    const renamed = `${names[1]} (renamed elsewhere)`;
    await updateItem(api, { id: ids[1]!, name: renamed });
    await action(page, 'Demote').click();
    await expectToast(page, 'Error', '3 items demoted; 1 item changed meanwhile and left alone: look again.');
    const b = await getItem(api, ids[1]!);
    expect(b).toMatchObject({ name: renamed, promoted: true });
    for (const id of [ids[0]!, ids[2]!, ids[3]!]) expect((await getItem(api, id))?.promoted).toBe(false);
    await expect(bar(page).getByRole('status')).toHaveText('1 item selected');
    await expect(box(page, renamed)).toBeChecked();

    // Removing Wine from B would leave it with no department tag: kept, and said.
    await bar(page).getByLabel('Tag to add or remove').selectOption('wine');
    await action(page, 'Remove tag').click();
    await expectToast(page, 'Error', 'Tag Wine removed from 0 items; 1 item kept it: an item needs one of Wine, Liquor, Extras.');
    expect((await getItem(api, ids[1]!))?.tags).toEqual(['wine', tag.id]);
    // Removing the other tag works.
    await bar(page).getByLabel('Tag to add or remove').selectOption(tag.id);
    await action(page, 'Remove tag').click();
    await expectToast(page, 'Success', `Tag ${tag.name} removed from 1 item.`);
    expect((await getItem(api, ids[1]!))?.tags).toEqual(['wine']);

    // Delete asks first, with the count; Cancel keeps them all.
    await box(page, names[0]!).click();
    await bar(page).getByRole('button', { name: 'Select all 4 matching' }).click();
    await action(page, 'Delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete 4 items' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete these 4 items? This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await listItems(api)).filter((item) => ids.includes(item.id))).toHaveLength(4);
    await action(page, 'Delete').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Success', '4 items deleted.');
    await expect(page.getByText('No items match your search.')).toBeVisible();
    expect((await listItems(api)).filter((item) => ids.includes(item.id))).toEqual([]);
  },
);
