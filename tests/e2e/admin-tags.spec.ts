/**
 * Admin Tags (/admin-tags, product §2, §4, §5, §8): the category and tag editors and their messages,
 * drag and drop of categories and of tags with the mouse and with the keyboard (saved in one step,
 * kept after a reload), deleting a category with its tags, the Filters Preview, and a hidden
 * category staying off the public menu. What the screen decides alone while a row moves (the
 * other list's handles disabled, Escape, a refused order put back) is proven by
 * src/features/admin/tags/AdminTagsPage.test.tsx.
 *
 * The seeded categories keep their places: the reorder tests move only categories made here,
 * which come after them.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { moveWithKeyboard, pickUpWithKeyboard } from './support/keyboard-drag';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

type Api = Awaited<ReturnType<typeof adminApi>>;

const categoryRow = (page: Page, name: string) =>
  page.locator('.category-row').filter({ has: page.getByRole('button', { name, exact: true }) });
const categoryHandle = (page: Page, name: string) => page.getByRole('button', { name: `Reorder category ${name}`, exact: true });
const tagHandle = (page: Page, category: string, name: string) =>
  categoryRow(page, category).getByRole('button', { name: `Reorder tag ${name}`, exact: true });
const dialog = (page: Page) => page.getByRole('dialog');

/** The names of the listed categories (or of one category's tags) that are in `names`, in page order. */
async function orderOf(list: Locator, names: readonly string[]): Promise<string[]> {
  const shown = await list.allTextContents();
  return shown.map((text) => text.trim()).filter((text) => names.includes(text));
}
const categoryOrder = (page: Page, names: readonly string[]) => orderOf(page.locator('.category-row__name'), names);
const tagOrder = (page: Page, category: string, names: readonly string[]) =>
  orderOf(categoryRow(page, category).locator('.tag-row__name'), names);

/** A category made through the API, last in the order, with tags in the given order. */
async function createCategory(api: Api, name: string, options: { type?: string[]; visible?: boolean; tags?: string[] } = {}) {
  const { listCategories } = await api.call<{ listCategories: { items: unknown[] } }>(
    'query { listCategories(limit: 1000) { items { id } } }',
  );
  const { createCategory: category } = await api.call<{ createCategory: { id: string } }>(
    'mutation ($input: CreateCategoryInput!) { createCategory(input: $input) { id } }',
    { input: { name, type: options.type ?? ['Wine'], visible: options.visible ?? true, index: listCategories.items.length } },
  );
  const tagIds: string[] = [];
  for (const [index, tag] of (options.tags ?? []).entries()) {
    const { createTag } = await api.call<{ createTag: { id: string } }>(
      'mutation ($input: CreateTagInput!) { createTag(input: $input) { id } }',
      {
        input: { name: tag, categoryId: category.id, index },
      },
    );
    tagIds.push(createTag.id);
  }
  return { id: category.id, tagIds };
}

/** What the server holds, read with the public API key: categories by index, one category's tags by index. */
async function serverCategoryOrder(page: Page, names: readonly string[]) {
  const body = await graphql<{ listCategories: { items: { name: string; index: number }[] } }>(
    page.request,
    'query { listCategories(limit: 1000) { items { name index } } }',
  );
  return body
    .data!.listCategories.items.filter((c) => names.includes(c.name))
    .sort((a, b) => a.index - b.index)
    .map((c) => c.name);
}
async function serverTags(page: Page, categoryId: string) {
  const body = await graphql<{ listTags: { items: { name: string; index: number }[] } }>(
    page.request,
    'query ($id: ID!) { listTags(filter: { categoryId: { eq: $id } }, limit: 1000) { items { name index } } }',
    { id: categoryId },
  );
  return body.data!.listTags.items.sort((a, b) => a.index - b.index).map((t) => t.name);
}

/**
 * Drags a handle with the mouse onto another row's handle: press, move past 5 px, glide in steps,
 * and release once dnd-kit has said the row is over the target's place (its live region: "Category
 * C was moved into position 4 of 9."), however long a loaded machine takes to get there.
 */
async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  // Handles are disabled while an earlier order is saved and reloaded.
  await expect(from).toHaveAttribute('aria-disabled', 'false');
  await to.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // "Reorder category C" moved onto the row of `to`, counted in its own list.
  const moving = (await from.getAttribute('aria-label'))!.replace(/^Reorder (\w)/, (_, first: string) => first.toUpperCase());
  const place = await to.evaluate((element) => {
    const row = element.closest('li')!;
    const rows = [...row.parentElement!.children];
    return `position ${rows.indexOf(row) + 1} of ${rows.length}`;
  });
  const over = page.locator('[id^="DndLiveRegion"]').filter({ hasText: `${moving} was moved into ${place}.` });
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + (end.y > start.y ? 10 : -10), { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 15 });
  await expect(over).toHaveCount(1);
  await page.mouse.up();
}

const reorderSaved = (page: Page, mutation: 'reorderCategories' | 'reorderTags') =>
  page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes(mutation));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsAdmin(page);
});

test('the editors refuse what product §5 refuses, with its messages', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/admin-tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();

  // Category: no name, then a name but no type.
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Category Editor');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'All fields are required');
  await expect(dialog(page).getByRole('alert')).toHaveText('All fields are required');
  await expect(dialog(page).getByLabel('Category Name')).toBeFocused();
  await dialog(page).getByLabel('Category Name').fill('Half Done');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'All fields are required' })).toHaveCount(1);
  await expect(dialog(page).getByRole('button', { name: 'Wine' })).toBeFocused();
  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Category' })).toBeFocused();
  await expect(categoryRow(page, 'Half Done')).toHaveCount(0);

  // Tag: no name.
  await page.getByRole('button', { name: 'Add Tag to Wine Type' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Tag Editor');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'Missing Name');
  await expect(dialog(page).getByRole('alert')).toHaveText('Missing Name');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toHaveCount(0);
});

test(
  'categories and tags are added and edited; Cancel drops changes; each load expands every category',
  BOTH_BACKENDS,
  async ({ page }) => {
    const name = unique('E2E Cellar ');
    const renamed = `${name} Reserve`;
    await page.goto('/admin-tags');

    await page.getByRole('button', { name: 'Add Category' }).click();
    await dialog(page).getByLabel('Category Name').fill(name);
    const wine = dialog(page).getByRole('button', { name: 'Wine' });
    const extras = dialog(page).getByRole('button', { name: 'Extras' });
    await wine.click();
    await extras.click();
    await expect(wine).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog(page).getByRole('button', { name: 'Liquor' })).toHaveAttribute('aria-pressed', 'false');
    await expect(dialog(page).getByLabel('Visible')).toBeChecked();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Category created');
    await expect(dialog(page)).toHaveCount(0);
    // New categories go last.
    await expect(page.locator('.category-row__name').last()).toHaveText(name);

    for (const tag of ['Oak', 'Steel']) {
      await page.getByRole('button', { name: `Add Tag to ${name}` }).click();
      await expect(dialog(page).getByText(`Category: ${name}`)).toBeVisible();
      await dialog(page).getByLabel('Tag Name').fill(tag);
      await dialog(page).getByLabel('Tag Name').press('Enter');
      await expectToast(page, 'Success', 'Tag created');
      await expect(dialog(page)).toHaveCount(0);
    }
    await expect(categoryRow(page, name).locator('.tag-row__name')).toHaveText(['Oak', 'Steel']);

    // Edit pre-fills; Cancel leaves everything as it was, and the next Add starts empty.
    await page.getByRole('button', { name: `Edit category ${name}` }).click();
    await expect(dialog(page).getByLabel('Category Name')).toHaveValue(name);
    await expect(wine).toHaveAttribute('aria-pressed', 'true');
    await expect(extras).toHaveAttribute('aria-pressed', 'true');
    await dialog(page).getByLabel('Category Name').fill('Never Saved');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(categoryRow(page, name)).toHaveCount(1);
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(dialog(page).getByLabel('Category Name')).toHaveValue('');
    await expect(wine).toHaveAttribute('aria-pressed', 'false');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Edit and save: new name, Extras off.
    await page.getByRole('button', { name: `Edit category ${name}` }).click();
    await dialog(page).getByLabel('Category Name').fill(renamed);
    await extras.click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Category Updated');
    await expect(categoryRow(page, renamed).locator('.category-row__types')).toHaveText('Wine');

    await page.getByRole('button', { name: 'Edit tag Steel' }).click();
    await expect(dialog(page).getByLabel('Tag Name')).toHaveValue('Steel');
    await dialog(page).getByLabel('Tag Name').fill('Stainless Steel');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Success', 'Tag Updated');
    await expect(categoryRow(page, renamed).locator('.tag-row__name')).toHaveText(['Oak', 'Stainless Steel']);

    // Collapse hides the tags; a reload opens every category again.
    const toggle = page.getByRole('button', { name: renamed, exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(categoryRow(page, renamed).getByText('Oak')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: renamed, exact: true })).toHaveAttribute('aria-expanded', 'true');
    await expect(categoryRow(page, renamed).getByText('Oak')).toBeVisible();
  },
);

test('the Filters Preview shows the visible categories of the chosen type with their tags', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/admin-tags');
  const preview = page.getByRole('region', { name: 'Filters Preview' });
  const legends = preview.locator('legend');
  const typeButton = (type: string) => preview.getByRole('button', { name: type, exact: true });

  // Wine by default.
  await expect(typeButton('Wine')).toHaveAttribute('aria-pressed', 'true');
  await expect(typeButton('Liquor')).toHaveAttribute('aria-pressed', 'false');
  await expect(legends.first()).toHaveText('Wine Type');
  const wineLegends = await legends.allTextContents();
  expect(wineLegends).toEqual(expect.arrayContaining(['Wine Type', 'Region']));
  expect(wineLegends).not.toContain('Spirit');
  expect(wineLegends).not.toContain('Product Type');
  expect(wineLegends).not.toContain('Department'); // hidden
  await expect(preview.getByRole('group', { name: 'Wine Type' }).getByRole('checkbox')).toHaveCount(5);
  for (const tag of ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert & Fortified']) {
    await expect(preview.getByRole('group', { name: 'Wine Type' }).getByRole('checkbox', { name: tag })).toBeVisible();
  }

  await typeButton('Liquor').click();
  await expect(typeButton('Liquor')).toHaveAttribute('aria-pressed', 'true');
  await expect(typeButton('Wine')).toHaveAttribute('aria-pressed', 'false');
  await expect(legends.first()).toHaveText('Spirit');
  const liquorLegends = await legends.allTextContents();
  expect(liquorLegends).toEqual(expect.arrayContaining(['Spirit', 'Region']));
  expect(liquorLegends).not.toContain('Wine Type');
  await expect(preview.getByRole('group', { name: 'Spirit' }).getByRole('checkbox', { name: 'Bourbon' })).toBeVisible();

  await typeButton('Extras').click();
  await expect(legends.first()).toHaveText('Product Type');
  const extrasLegends = await legends.allTextContents();
  expect(extrasLegends).toEqual(expect.arrayContaining(['Product Type']));
  // The price ranges are the menu's own group, not a category: the preview shows categories (decision 0281).
  expect([...wineLegends, ...liquorLegends, ...extrasLegends]).not.toContain('Price');
  expect(extrasLegends).not.toContain('Region');
  await expect(preview.getByRole('group', { name: 'Product Type' }).getByRole('checkbox', { name: 'Glassware' })).toBeVisible();
});

test('a type stored in another case still matches in the preview', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique('E2E Lowercase ');
  await createCategory(api, name, { type: ['liquor'], tags: ['Smoky'] });
  await page.goto('/admin-tags');
  const preview = page.getByRole('region', { name: 'Filters Preview' });
  await preview.getByRole('button', { name: 'Liquor', exact: true }).click();
  await expect(preview.getByRole('group', { name }).getByRole('checkbox', { name: 'Smoky' })).toBeVisible();
  await preview.getByRole('button', { name: 'Wine', exact: true }).click();
  await expect(preview.getByRole('group', { name })).toHaveCount(0);
});

test('categories and tags reorder by mouse drag and drop; the order is saved and survives a reload', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const run = unique('');
  const [a, b, c] = ['A', 'B', 'C'].map((letter) => `E2E Drag ${letter} ${run}`);
  for (const name of [a, b, c]) await createCategory(api, name!);
  const tagged = `E2E Tags ${run}`;
  const { id: taggedId } = await createCategory(api, tagged, { tags: ['One', 'Two', 'Three'] });
  const names = [a!, b!, c!];

  await page.goto('/admin-tags');
  await expect.poll(() => categoryOrder(page, names)).toEqual([a, b, c]);

  // C onto A's place: C, A, B.
  let saved = reorderSaved(page, 'reorderCategories');
  await dragWithMouse(page, categoryHandle(page, c!), categoryHandle(page, a!));
  await saved;
  await expect.poll(() => categoryOrder(page, names)).toEqual([c, a, b]);
  expect(await serverCategoryOrder(page, names)).toEqual([c, a, b]);

  // Tags within their category: Three onto One's place.
  saved = reorderSaved(page, 'reorderTags');
  await dragWithMouse(page, tagHandle(page, tagged, 'Three'), tagHandle(page, tagged, 'One'));
  await saved;
  await expect.poll(() => tagOrder(page, tagged, ['One', 'Two', 'Three'])).toEqual(['Three', 'One', 'Two']);
  expect(await serverTags(page, taggedId)).toEqual(['Three', 'One', 'Two']);

  // The seeded categories kept their places at the top.
  await page.reload();
  await expect(page.locator('.category-row__name').first()).toHaveText('Department');
  await expect.poll(() => categoryOrder(page, names)).toEqual([c, a, b]);
  await expect.poll(() => tagOrder(page, tagged, ['One', 'Two', 'Three'])).toEqual(['Three', 'One', 'Two']);
});

test('categories and tags reorder with the keyboard, announced to screen readers', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const run = unique('');
  const [a, b, c] = ['A', 'B', 'C'].map((letter) => `E2E Keys ${letter} ${run}`);
  for (const name of [a, b, c]) await createCategory(api, name!);
  const tagged = `E2E Key Tags ${run}`;
  const { id: taggedId } = await createCategory(api, tagged, { tags: ['Uno', 'Dos', 'Tres'] });
  const names = [a!, b!, c!];
  const liveRegion = page.locator('[id^="DndLiveRegion"]');

  await page.goto('/admin-tags');
  const handleA = categoryHandle(page, a!);
  await expect(handleA).toHaveAccessibleDescription(/To pick up a category, press Space or Enter/);

  // A one place down: B, A, C.
  await pickUpWithKeyboard(handleA, 'down');
  await expect(liveRegion.filter({ hasText: `Picked up category ${a}.` })).toHaveCount(1);
  await moveWithKeyboard(handleA, 'ArrowDown', liveRegion.filter({ hasText: `Category ${a} was moved into position` }));
  let saved = reorderSaved(page, 'reorderCategories');
  await page.keyboard.press('Space');
  await saved;
  await expect(liveRegion.filter({ hasText: `Category ${a} was dropped at position` })).toHaveCount(1);
  await expect.poll(() => categoryOrder(page, names)).toEqual([b, a, c]);
  await expect(handleA).toBeFocused();

  // Uno one place down: Dos, Uno, Tres.
  await pickUpWithKeyboard(tagHandle(page, tagged, 'Uno'), 'down');
  await expect(liveRegion.filter({ hasText: 'Picked up tag Uno. It is in position 1 of 3.' })).toHaveCount(1);
  await moveWithKeyboard(
    tagHandle(page, tagged, 'Uno'),
    'ArrowDown',
    liveRegion.filter({ hasText: 'Tag Uno was moved into position 2 of 3.' }),
  );
  saved = reorderSaved(page, 'reorderTags');
  await page.keyboard.press('Space');
  await saved;
  await expect.poll(() => tagOrder(page, tagged, ['Uno', 'Dos', 'Tres'])).toEqual(['Dos', 'Uno', 'Tres']);

  await page.reload();
  await expect.poll(() => categoryOrder(page, names)).toEqual([b, a, c]);
  await expect.poll(() => tagOrder(page, tagged, ['Uno', 'Dos', 'Tres'])).toEqual(['Dos', 'Uno', 'Tres']);
  expect(await serverCategoryOrder(page, names)).toEqual([b, a, c]);
  expect(await serverTags(page, taggedId)).toEqual(['Dos', 'Uno', 'Tres']);
});

test('deleting a tag, and a category with all its tags', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique('E2E Doomed ');
  const { id } = await createCategory(api, name, { tags: ['Keep Me', 'Drop Me', 'Last One'] });
  await page.goto('/admin-tags');

  await page.getByRole('button', { name: 'Delete tag Drop Me' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Delete Tag');
  await expect(dialog(page)).toHaveAccessibleDescription('Are you sure you want to delete this tag?');
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Tag Deleted');
  await expect(dialog(page)).toHaveCount(0);
  await expect(categoryRow(page, name).locator('.tag-row__name')).toHaveText(['Keep Me', 'Last One']);

  await page.getByRole('button', { name: `Delete category ${name}` }).click();
  await expect(dialog(page)).toHaveAccessibleName('Delete Category');
  await expect(dialog(page).getByText('Are you sure you want to delete this category?')).toBeVisible();
  // Cancel keeps it.
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(categoryRow(page, name)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete category ${name}` }).click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Category Deleted');
  await expect(categoryRow(page, name)).toHaveCount(0);
  expect(await serverTags(page, id)).toEqual([]);

  // The built-in Department category and its department tags offer no Delete.
  await expect(page.getByRole('button', { name: 'Edit category Department' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete category Department' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete tag Wine', exact: true })).toHaveCount(0);
});

test('failed saves and deletes show product §8 messages', BROWSER_ALONE, async ({ page }) => {
  const failing = new Set<string>();
  await page.route('**/graphql', (route) => {
    const body = route.request().postData() ?? '';
    const hit = [...failing].find((operation) => body.includes(operation));
    if (!hit) return route.continue();
    return route.fulfill({ json: { data: { [hit]: null }, errors: [{ message: 'Internal failure', errorType: 'InternalFailure' }] } });
  });
  const api = await adminApi(page.request);
  const name = unique('E2E Fragile ');
  await createCategory(api, name, { tags: ['Brittle'] });
  await page.goto('/admin-tags');

  const attempt = async (operation: string, open: () => Promise<void>, message: string) => {
    failing.add(operation);
    await open();
    await expectToast(page, 'Error', message);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    failing.delete(operation);
  };
  await attempt(
    'createCategory',
    async () => {
      await page.getByRole('button', { name: 'Add Category' }).click();
      await dialog(page).getByLabel('Category Name').fill('Never');
      await dialog(page).getByRole('button', { name: 'Liquor' }).click();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
    },
    'Error creating category',
  );
  await attempt(
    'updateCategory',
    async () => {
      await page.getByRole('button', { name: `Edit category ${name}` }).click();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
    },
    'Error Updating Category',
  );
  await attempt(
    'deleteCategoryAndTags',
    async () => {
      await page.getByRole('button', { name: `Delete category ${name}` }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
    },
    'Error Deleting Category',
  );
  await attempt(
    'createTag',
    async () => {
      await page.getByRole('button', { name: `Add Tag to ${name}` }).click();
      await dialog(page).getByLabel('Tag Name').fill('Never');
      await dialog(page).getByRole('button', { name: 'Save' }).click();
    },
    'Error creating tag',
  );
  await attempt(
    'updateTag',
    async () => {
      await page.getByRole('button', { name: 'Edit tag Brittle' }).click();
      await dialog(page).getByRole('button', { name: 'Save' }).click();
    },
    'Error Updating Tag',
  );
  await attempt(
    'deleteTag',
    async () => {
      await page.getByRole('button', { name: 'Delete tag Brittle' }).click();
      await dialog(page).getByRole('button', { name: 'Delete' }).click();
    },
    'Error Deleting Tag',
  );
  await expect(categoryRow(page, name).locator('.tag-row__name')).toHaveText(['Brittle']);

  // A failed load: the toast, and the list emptied.
  failing.add('listCategories');
  await page.reload();
  await expectToast(page, 'Error', 'Error getting categories');
  await expect(page.locator('.category-row')).toHaveCount(0);
  await expect(page.getByText("The categories couldn't be loaded.")).toBeVisible();
});

test('a hidden category is not on the public menu', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique('E2E Secret ');
  const { tagIds } = await createCategory(api, name, { type: ['Wine'], tags: ['Hush'] });
  // The menu offers only tags some item of it carries (decision 0189), and gates a first visit.
  const { createItem } = await api.call<{ createItem: { id: string } }>(
    'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
    {
      input: { name: unique('E2E Hushed Red '), price: 12.5, tags: ['wine', tagIds[0]] },
    },
  );
  await page.evaluate(() => localStorage.setItem('ageVerified', 'true'));
  const menuGroup = page.locator('.menu-filters').getByRole('group', { name });

  await page.goto('/menu?category=wine');
  await expect(menuGroup.getByRole('checkbox', { name: 'Hush' })).toBeVisible();

  await page.goto('/admin-tags');
  await page.getByRole('button', { name: `Edit category ${name}` }).click();
  await expect(dialog(page).getByLabel('Visible')).toBeChecked();
  await dialog(page).getByLabel('Visible').uncheck();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Category Updated');
  await expect(categoryRow(page, name).getByText('Hidden', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Filters Preview' }).getByRole('group', { name })).toHaveCount(0);

  await page.goto('/menu?category=wine');
  await expect(page.locator('.menu-filters legend').first()).toBeVisible();
  await expect(menuGroup).toHaveCount(0);
  await api.call('mutation ($input: DeleteItemInput!) { deleteItem(input: $input) { id } }', { input: { id: createItem.id } });
});

test('the Tags page and its editors have no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/admin-tags');
  await expect(page.locator('.category-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Edit category Region' }).click();
  await expect(dialog(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add Tag to Region' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Tag Editor');
  expect(await seriousViolations(page)).toEqual([]);
});
