/**
 * Activity (decision 0260) in the browser: what a new admin changed is listed newest first under
 * their name, with each field's old and new value; the person and kind filters narrow it on the
 * server; item tag changes name the tags.
 */
import { expect, test } from '@playwright/test';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { adminApi, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS } from './support/scope';

const PASSWORD = 'Gr8-Activity-2031!';

test('an admin reads who changed what, filtered by person and kind', BOTH_BACKENDS, async ({ page }) => {
  const tag = unique('');
  const account = { firstName: 'Logged', lastName: `Clerk${tag}`, email: `activity.${tag}@example.com`.toLowerCase() };
  const name = `${account.firstName} ${account.lastName}`;
  const api = await adminApi(page.request);
  await api.call(
    `mutation ($firstName: String, $lastName: String, $email: String, $password: String, $confirmPassword: String) {
      createAdmin(firstName: $firstName, lastName: $lastName, email: $email, password: $password, confirmPassword: $confirmPassword) { id } }`,
    { ...account, password: PASSWORD, confirmPassword: PASSWORD },
  );
  // The new admin's own changes, as their editors would send them.
  const clerk = await adminApi(page.request, { email: account.email, password: PASSWORD });
  const event = await clerk.call<{ createEvent: { id: string } }>(
    'mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }',
    { input: { name: `Riesling night ${tag}`, date: '2031-03-14', description: 'Six Mosel Rieslings' } },
  );
  await clerk.call('mutation ($input: UpdateEventInput!) { updateEvent(input: $input) { id } }', {
    input: { id: event.createEvent.id, name: `Riesling & cheese night ${tag}` },
  });
  await clerk.call('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
    input: { name: `Logged Gin ${tag}`, price: 31, tags: ['liquor'], description: 'Juniper' },
  });

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Activity', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${SPA_ROUTES.adminActivity}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();

  await page.getByLabel('Person').selectOption({ label: name });
  const entries = page.locator('.activity-entry');
  await expect(entries).toHaveCount(3);
  await expect(page.getByRole('status')).toHaveText('Showing the latest 3 changes.');
  await expect(entries.nth(0)).toContainText(`Items create Logged Gin ${tag}`);
  const tagChange = entries
    .nth(0)
    .locator('.activity-change')
    .filter({ has: page.locator('dt', { hasText: /^tags$/ }) });
  await expect(tagChange.locator('ins')).toHaveText('Liquor');
  await expect(entries.nth(1)).toContainText(`Events update Riesling & cheese night ${tag}`);
  await expect(entries.nth(1).locator('del')).toHaveText(`Riesling night ${tag}`);
  await expect(entries.nth(1).locator('ins')).toHaveText(`Riesling & cheese night ${tag}`);
  await expect(entries.nth(2)).toContainText(`Events create Riesling night ${tag}`);
  for (const entry of await entries.all()) await expect(entry).toContainText(name);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Kind').selectOption({ label: 'Events' });
  await expect(entries).toHaveCount(2);
  await page.getByLabel('Kind').selectOption({ label: 'Imports' });
  await expect(page.getByRole('status')).toHaveText('No activity matches these filters.');

  // Everyone's admin changes: the E2E admin made the clerk's account.
  await page.getByLabel('Person').selectOption({ label: 'Everyone' });
  await page.getByLabel('Kind').selectOption({ label: 'Admins and accounts' });
  await expect(entries.filter({ hasText: `create admin ${name}` })).toHaveCount(1);
});
