/**
 * Admin Events (/admin-events, product §2, §4, §5, §8): the Event Creator and Event Editor with and
 * without a time and a .png image ('Please fill out all fields' in both modes), the event rows,
 * Delete Event, the four sort orders, and the error toasts.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { imageFiles, sendInsteadOfChosenFiles, storedUrl } from './support/image-files';
import { pngClaiming } from '../security/support/images';
import { BOTH_BACKENDS, BROWSER_ALONE } from './support/scope';

const dialog = (page: Page) => page.getByRole('dialog');
const eventRow = (page: Page, name: string) =>
  page.locator('.admin-event').filter({ has: page.getByRole('heading', { name, exact: true }) });

interface StoredEvent {
  name: string;
  date: string;
  time: string | null;
  description: string;
  img: string | null;
}

/** The event as the server holds it (read with the public API key). */
async function storedEvent(page: Page, name: string): Promise<StoredEvent | undefined> {
  const body = await graphql<{ listEvents: { items: StoredEvent[] } }>(
    page.request,
    'query ($name: String) { listEvents(filter: { name: { eq: $name } }, limit: 1000) { items { name date time description img } } }',
    { name },
  );
  return body.data!.listEvents.items[0];
}

async function fillEditor(page: Page, fields: { name?: string; date?: string; time?: string; description?: string }) {
  if (fields.name !== undefined) await dialog(page).getByLabel('Name').fill(fields.name);
  if (fields.date !== undefined) await dialog(page).getByLabel('Date').fill(fields.date);
  if (fields.time !== undefined) await dialog(page).getByLabel('Time').fill(fields.time);
  if (fields.description !== undefined) await dialog(page).getByLabel('Description').fill(fields.description);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsAdmin(page);
});

test("'Please fill out all fields' when creating and when editing", BOTH_BACKENDS, async ({ page }) => {
  const name = unique('E2E Rules ');
  await page.goto('/admin-events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Event Creator');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'Please fill out all fields');
  // Said inside the dialog too: the page behind it, toasts included, is inert.
  await expect(dialog(page).getByRole('alert')).toHaveText('Please fill out all fields');
  await expect(dialog(page).getByLabel('Name')).toBeFocused();
  await expect(dialog(page).getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await fillEditor(page, { name, date: '2031-09-09' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByLabel('Description')).toBeFocused();
  await fillEditor(page, { description: 'Rules are rules.' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Event Created');
  await expect(dialog(page)).toHaveCount(0);

  // Editing checks the same fields (the original specification checked only on create).
  await eventRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(dialog(page)).toHaveAccessibleName('Event Editor');
  await fillEditor(page, { description: '   ' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'Please fill out all fields');
  await expect(dialog(page).getByLabel('Description')).toBeFocused();
  await fillEditor(page, { date: '' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(dialog(page).getByLabel('Date')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  expect((await storedEvent(page, name))?.description).toBe('Rules are rules.');
});

test('an event without time or image: saved as null, shown with the shop logo', BOTH_BACKENDS, async ({ page }) => {
  const name = unique('E2E Plain ');
  await page.goto('/admin-events');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await fillEditor(page, { name, date: '2031-05-17', description: 'Drop in any time.' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Event Created');

  const row = eventRow(page, name);
  await expect(row.locator('.event__weekday')).toHaveText('Sat');
  await expect(row.locator('.event__day')).toHaveText('17');
  await expect(row.locator('.event__month')).toHaveText('May 2031');
  await expect(row.getByText('Saturday, May 17, 2031')).toBeAttached();
  await expect(row.locator('.admin-event__time')).toHaveText('No time set');
  await expect(row.getByText('Drop in any time.')).toBeVisible();
  await expect(row.locator('img.event__image--logo')).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete event ${name}` })).toBeVisible();
  expect(await storedEvent(page, name)).toEqual({ name, date: '2031-05-17', time: null, description: 'Drop in any time.', img: null });
});

test('an event with a time and a PNG image; editing clears both, then sets them again', BOTH_BACKENDS, async ({ page }) => {
  const name = unique('E2E Tasting ');
  const files = await imageFiles();
  const png = await files.png('event', 800, 500, '#7a2139');
  await page.goto('/admin-events');

  await page.getByRole('button', { name: 'Add Event' }).click();
  await fillEditor(page, { name, date: '2031-09-09', time: '19:30', description: 'Six wines, one evening.' });
  await dialog(page).getByLabel('Image').setInputFiles(png);
  await expect(dialog(page).getByRole('img', { name: 'Chosen image' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Event Created');

  const row = eventRow(page, name);
  await expect(row.locator('.admin-event__time')).toHaveText('7:30 PM');
  await expect(row.locator('.event__weekday')).toHaveText('Tue');
  await expect(row.locator('img.event__image')).toHaveAttribute('src', /^\/media\/[a-f0-9]{64}\.png$/);
  let stored = await storedEvent(page, name);
  expect(stored).toMatchObject({ date: '2031-09-09', time: '19:30', description: 'Six wines, one evening.' });
  const uploaded = await storedUrl(png);
  expect(stored?.img).toBe(uploaded);

  // Edit: pre-filled; an empty time is saved as null; Remove image goes back to the logo.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page)).toHaveAccessibleName('Event Editor');
  await expect(dialog(page).getByLabel('Name')).toHaveValue(name);
  await expect(dialog(page).getByLabel('Date')).toHaveValue('2031-09-09');
  await expect(dialog(page).getByLabel('Time')).toHaveValue('19:30');
  await expect(dialog(page).getByLabel('Description')).toHaveValue('Six wines, one evening.');
  await expect(dialog(page).getByRole('img', { name: 'Current image' })).toBeVisible();
  await fillEditor(page, { time: '', description: 'Six wines, one long evening.' });
  await dialog(page).getByRole('button', { name: 'Remove image' }).click();
  await expect(dialog(page).getByRole('img', { name: 'Shop logo (no image)' })).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Event Updated');
  await expect(dialog(page)).toHaveCount(0);
  await expect(row.locator('.admin-event__time')).toHaveText('No time set');
  await expect(row.locator('img.event__image--logo')).toBeVisible();
  expect(await storedEvent(page, name)).toMatchObject({ time: null, img: null, description: 'Six wines, one long evening.' });

  // And back: a morning time and the same picture (stored once, by its hash). The first
  // 'Event Updated' is closed first, so the one found below is the second save's.
  const updated = page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Event Updated' });
  await updated.getByRole('button', { name: 'close' }).click();
  await expect(updated).toHaveCount(0);
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(dialog(page).getByLabel('Time')).toHaveValue('');
  await fillEditor(page, { time: '09:05' });
  await dialog(page).getByLabel('Image').setInputFiles(png);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Success', 'Event Updated');
  await expect(row.locator('.admin-event__time')).toHaveText('9:05 AM');
  stored = await storedEvent(page, name);
  expect(stored).toMatchObject({ time: '09:05', img: uploaded });
  await files.cleanup();
});

test(
  'a file that is not a JPEG, PNG or WebP is refused when chosen, by its first bytes whatever its name; a pixel bomb by the server',
  BOTH_BACKENDS,
  async ({ page }) => {
    const files = await imageFiles();
    const jpeg = await files.text('photo.jpg');
    const disguised = await files.text('disguised.png');
    const huge = await files.png('too-many-pixels', 800, 500, '#aa3355');
    const name = unique('E2E Photo ');
    await page.goto('/admin-events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await dialog(page).getByLabel('Image').setInputFiles(jpeg);
    await expectToast(page, 'Error', 'Only JPEG, PNG and WebP images can be uploaded');
    await expect(dialog(page).getByRole('alert')).toHaveText('Only JPEG, PNG and WebP images can be uploaded');
    await expect(dialog(page).getByRole('img', { name: 'Shop logo (no image)' })).toBeVisible();

    // A text file named .png: refused at once too (decisions 0196, 0276).
    await fillEditor(page, { name, date: '2031-04-04', description: 'Pictures.' });
    await dialog(page).getByLabel('Image').setInputFiles(disguised);
    await expect(
      page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Only JPEG, PNG and WebP images can be uploaded' }).first(),
    ).toBeVisible();
    await expect(dialog(page).getByRole('alert')).toHaveText('Only JPEG, PNG and WebP images can be uploaded');
    await expect(dialog(page).getByRole('img', { name: 'Shop logo (no image)' })).toBeVisible();

    // Too many pixels: the server's refusal; nothing is created. The browser would shrink a real one
    // (decision 0276), so a tampered browser sends a pixel bomb instead of the chosen PNG.
    await sendInsteadOfChosenFiles(page, pngClaiming(20_000, 20_000));
    await dialog(page).getByLabel('Image').setInputFiles(huge);
    await expect(dialog(page).getByRole('alert')).toHaveText('');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page).getByRole('alert')).toHaveText('Error Uploading Image');
    await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'too many pixels' }).first()).toBeVisible();
    await expect(dialog(page)).toHaveAccessibleName('Event Creator');
    expect(await storedEvent(page, name)).toBeUndefined();
    await files.cleanup();
  },
);

test('Delete Event asks first, then deletes', BOTH_BACKENDS, async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique('E2E Cancelled ');
  await api.call('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name, date: '2031-10-10', time: '18:00', description: 'Not happening.' },
  });
  await page.goto('/admin-events');

  await eventRow(page, name)
    .getByRole('button', { name: `Delete event ${name}` })
    .click();
  await expect(dialog(page)).toHaveAccessibleName('Delete Event');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(eventRow(page, name)).toHaveCount(1);

  await eventRow(page, name)
    .getByRole('button', { name: `Delete event ${name}` })
    .click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Success', 'Event Deleted');
  await expect(dialog(page)).toHaveCount(0);
  await expect(eventRow(page, name)).toHaveCount(0);
  expect(await storedEvent(page, name)).toBeUndefined();
});

test('the sort dropdown orders the rows A-Z, Z-A, Date Soonest and Date Latest', BROWSER_ALONE, async ({ page }) => {
  const api = await adminApi(page.request);
  const run = unique('');
  const events = [
    { name: `E2E Sort apple ${run}`, date: '2032-01-03', time: null },
    { name: `E2E Sort Banana ${run}`, date: '2031-06-01', time: '20:00' },
    { name: `E2E Sort cherry ${run}`, date: '2033-02-02', time: '10:00' },
    { name: `E2E Sort Date ${run}`, date: '2031-06-01', time: '08:15' },
  ];
  for (const event of events) {
    await api.call('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
      input: { ...event, description: 'Sorting.' },
    });
  }
  const [apple, banana, cherry, date] = events.map((event) => event.name);
  const mine = async () => (await page.locator('.admin-event__name').allTextContents()).filter((name) => name.endsWith(` ${run}`));
  const sortBy = page.getByLabel('Sort By');

  await page.goto('/admin-events');
  await expect(sortBy).toHaveValue('Date Soonest');
  await expect.poll(mine).toEqual([date, banana, apple, cherry]);
  await sortBy.selectOption('A-Z');
  await expect.poll(mine).toEqual([apple, banana, cherry, date]);
  await sortBy.selectOption('Z-A');
  await expect.poll(mine).toEqual([date, cherry, banana, apple]);
  await sortBy.selectOption('Date Latest');
  await expect.poll(mine).toEqual([cherry, apple, banana, date]);
  await sortBy.selectOption('Date Soonest');
  await expect.poll(mine).toEqual([date, banana, apple, cherry]);
});

test('failed loads, saves and deletes show product §8 messages', BROWSER_ALONE, async ({ page }) => {
  const api = await adminApi(page.request);
  const name = unique('E2E Shaky ');
  await api.call('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: { name, date: '2031-11-11', description: 'Wobbly.' },
  });
  const failing = new Set<string>();
  await page.route('**/graphql', (route) => {
    const body = route.request().postData() ?? '';
    const hit = [...failing].find((operation) => body.includes(operation));
    if (!hit) return route.continue();
    return route.fulfill({ json: { data: { [hit]: null }, errors: [{ message: 'Internal failure', errorType: 'InternalFailure' }] } });
  });

  failing.add('listEvents');
  await page.goto('/admin-events');
  await expectToast(page, 'Error', 'Error loading events');
  await expect(page.getByText("The events couldn't be loaded.")).toBeVisible();
  failing.delete('listEvents');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(eventRow(page, name)).toHaveCount(1);

  failing.add('createEvent');
  await page.getByRole('button', { name: 'Add Event' }).click();
  await fillEditor(page, { name: 'Never', date: '2031-01-01', description: 'Never.' });
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'Error saving event');
  await expect(dialog(page).getByRole('alert')).toHaveText('Error saving event');
  await expect(dialog(page)).toHaveAccessibleName('Event Creator');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  failing.add('updateEvent');
  await eventRow(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'Error updating event');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  failing.add('deleteEvent');
  await eventRow(page, name)
    .getByRole('button', { name: `Delete event ${name}` })
    .click();
  await dialog(page).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Error', 'Error Deleting Event');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(eventRow(page, name)).toHaveCount(1);
});

test('the Events page and the Event Editor have no serious accessibility violations', BROWSER_ALONE, async ({ page }) => {
  await page.goto('/admin-events');
  await expect(page.locator('.admin-event').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .locator('.admin-event')
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(dialog(page)).toHaveAccessibleName('Event Editor');
  expect(await seriousViolations(page)).toEqual([]);
});
