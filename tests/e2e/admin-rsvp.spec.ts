/**
 * RSVPs to events and tastings (product §2 Events and Admin events, decisions 0351, 0352, 0354), at
 * phone and desktop widths, for a customer and for staff. It runs on the admin project's server
 * (its file name says so), because it adds events: the storefront project reads the demo events as
 * seeded. Customers sign up through the API and staff mark their addresses confirmed (decision
 * 0335), so no mail inbox is needed and it runs on the emulated cloud too.
 * - A customer: a guest is asked to log in and comes back; RSVPs with a party size, changes it,
 *   sees it under My RSVPs on /account and cancels it there in a dialog that keeps the focus. The
 *   tasting shows the tasting rules.
 * - Full: "Full – join the waiting list", joining it, moving up when the guest coming cancels;
 *   "Full" without a list; an unconfirmed customer is told why they cannot answer.
 * - Staff: the editor's RSVP fields (and its refusal), the count on the row, the guest list with
 *   check-in, the CSV export's contents, and Cancel event, which the events page then shows.
 * axe finds nothing serious on each new screen. Screenshots: E2E_SCREENSHOTS=1.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginReturnPath } from '../../shared/login-return';
import { addDays, newYorkTime } from '../../shared/shop-hours';
import { SPA_ROUTES } from '../../shared/spa-routes';
import { DEFAULT_TASTING_RULES } from '../../shared/tasting-rules';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';
import { signUpFrom } from './support/customer-mail';

const PASSWORD = 'Gr8-Barolo-2031!';

async function shot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: true });
}

interface Customer {
  email: string;
  name: string;
  token: string;
}

/**
 * The file's customers, signed up once and shared by its tests (each test answers its own new
 * events). Slot 0 and 1 are confirmed, slot 2 is not.
 */
const customers = new Map<number, Promise<Customer>>();
function customer(request: APIRequestContext, slot: 0 | 1 | 2): Promise<Customer> {
  if (!customers.has(slot)) {
    const made = signUpCustomer(request, slot !== 2);
    made.catch(() => customers.delete(slot));
    customers.set(slot, made);
  }
  return customers.get(slot)!;
}

/** A customer signed up through the API; staff mark the address confirmed unless told not to (decision 0335). */
async function signUpCustomer(request: APIRequestContext, confirmed: boolean): Promise<Customer> {
  const tag = unique('').toLowerCase();
  const email = `rsvp.${tag}@example.com`;
  // Signing up is other specs' subject: these customers sign up from an address of their own.
  const { token, userId } = await signUpFrom(
    request,
    { firstName: 'Rita', lastName: `Rsvp${tag}`, email, password: PASSWORD },
    '127.0.0.72',
  );
  if (confirmed) await (await adminApi(request)).call('mutation ($userId: ID!) { confirmUserEmail(userId: $userId) { id } }', { userId });
  return { email, name: `Rita Rsvp${tag}`, token };
}

interface EventSettings {
  capacity: number;
  partyLimit?: number;
  waitingList?: boolean;
  tasting?: boolean;
}

/** An event a week ahead (New York) taking RSVPs, made by staff through the API; its name. */
async function rsvpEvent(request: APIRequestContext, prefix: string, settings: EventSettings): Promise<{ id: string; name: string }> {
  const name = unique(`${prefix} `);
  const { createEvent } = await (
    await adminApi(request)
  ).call<{ createEvent: { id: string } }>('mutation ($input: CreateEventInput!) { createEvent(input: $input) { id } }', {
    input: {
      name,
      date: addDays(newYorkTime(new Date()).date, 7),
      time: '18:00',
      description: 'Six wines from the Loire, with cheese.',
      takesRsvp: true,
      rsvpCapacity: settings.capacity,
      rsvpPartyLimit: settings.partyLimit ?? null,
      rsvpWaitingList: settings.waitingList ?? false,
      isTasting: settings.tasting ?? false,
    },
  });
  return { id: createEvent.id, name };
}

async function rsvpByApi(request: APIRequestContext, who: Customer, eventId: string, partySize: number) {
  const body = await graphql(
    request,
    'mutation ($eventId: ID!, $partySize: Int!) { rsvp(eventId: $eventId, partySize: $partySize) { id status } }',
    { eventId, partySize },
    who.token,
  );
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
}

async function logIn(page: Page, who: Customer) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const entryOf = (page: Page, name: string) => page.locator('.event').filter({ has: page.getByRole('heading', { name }) });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

for (const width of WIDTHS) {
  test(
    `a customer RSVPs to a tasting, changes the party, finds it on /account and cancels it at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const event = await rsvpEvent(request, 'Loire Tasting', { capacity: 6, waitingList: true, tasting: true });
      const guest = await customer(request, 0);

      // A guest: the places left, the tasting rules, and "Log in to RSVP", which comes back here.
      await page.goto(SPA_ROUTES.events);
      const entry = entryOf(page, event.name);
      await expect(entry.getByText('6 places left')).toBeVisible();
      await expect(entry.getByText(DEFAULT_TASTING_RULES)).toBeVisible();
      await expect(entry.getByRole('group', { name: `Add to calendar: ${event.name}` })).toBeVisible();
      await shot(page, `events-guest-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await entry.getByRole('link', { name: `Log in to RSVP to ${event.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`${loginReturnPath(SPA_ROUTES.events).replace('?', '\\?')}$`));
      await logIn(page, guest);
      await expect(page).toHaveURL(/\/events$/);

      // RSVP: a party size up to the limit (4 by default), Confirm.
      const size = entry.getByLabel('Party size');
      await expect(size.locator('option')).toHaveCount(4);
      await shot(page, `events-customer-before-${width}`);
      await size.selectOption('2');
      await entry.getByRole('button', { name: `Confirm RSVP to ${event.name}` }).click();
      await expectToast(page, 'Success', `You're going to ${event.name}, party of 2`);
      await expect(entry.getByText("You're going, party of 2")).toBeVisible();
      await expect(entry.getByText('4 places left')).toBeVisible();
      await expect(entry.getByRole('group', { name: `Add to calendar: ${event.name}` })).toBeVisible();
      await shot(page, `events-customer-after-${width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Change the party.
      await entry.getByRole('button', { name: `Change your RSVP to ${event.name}` }).click();
      await entry.getByLabel('Party size').selectOption('3');
      await entry.getByRole('button', { name: `Save change RSVP to ${event.name}` }).click();
      await expect(entry.getByText("You're going, party of 3")).toBeVisible();
      await expect(entry.getByText('3 places left')).toBeVisible();

      // /account: My RSVPs, and cancelling there in a dialog that keeps the focus.
      await page.goto(SPA_ROUTES.account);
      const mine = page.getByRole('region', { name: 'My RSVPs' });
      const line = mine.getByRole('listitem').filter({ hasText: event.name });
      await expect(line).toContainText("You're going, party of 3");
      await shot(page, `account-rsvps-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      const opener = line.getByRole('button', { name: `Cancel your RSVP to ${event.name}` });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: `Cancel your RSVP to ${event.name}?` });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await opener.click();
      await dialog.getByRole('button', { name: 'Cancel RSVP' }).click();
      await expectToast(page, 'Success', `Your RSVP to ${event.name} is cancelled`);
      await expect(mine.getByText(event.name)).toHaveCount(0);

      await page.goto(SPA_ROUTES.events);
      await expect(entry.getByText('6 places left')).toBeVisible();
      await expect(entry.getByRole('button', { name: `Confirm RSVP to ${event.name}` })).toBeVisible();
    },
  );
}

test(
  'full: the waiting list moves up when a guest cancels; without a list, Full; an unconfirmed customer is told why',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 900 });
    const withList = await rsvpEvent(request, 'Cellar Tasting', { capacity: 2, waitingList: true });
    const withoutList = await rsvpEvent(request, 'Bourbon Night', { capacity: 1 });
    const [first, second, unconfirmed] = [await customer(request, 0), await customer(request, 1), await customer(request, 2)];
    await rsvpByApi(request, first, withList.id, 2);
    await rsvpByApi(request, first, withoutList.id, 1);

    await page.goto(loginReturnPath(SPA_ROUTES.events));
    await logIn(page, second);
    await expect(page).toHaveURL(/\/events$/);
    const listed = entryOf(page, withList.name);
    await expect(listed.getByText('Full – join the waiting list')).toBeVisible();
    const closedFull = entryOf(page, withoutList.name);
    await expect(closedFull.getByText('Full', { exact: true })).toBeVisible();
    await expect(closedFull.getByRole('button', { name: /RSVP/ })).toHaveCount(0);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `events-full-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
    }

    await listed.getByRole('button', { name: `Join the waiting list RSVP to ${withList.name}` }).click();
    await expect(listed.getByText("You're on the waiting list (number 1 in line), party of 1")).toBeVisible();

    // The guest coming cancels: the first in line moves up.
    const cancelled = await graphql(
      request,
      'mutation ($eventId: ID!) { cancelMyRsvp(eventId: $eventId) { id } }',
      { eventId: withList.id },
      first.token,
    );
    expect(cancelled.errors, JSON.stringify(cancelled.errors)).toBeUndefined();
    await page.reload();
    await expect(listed.getByText("You're going, party of 1")).toBeVisible();
    await expect(listed.getByText('1 place left')).toBeVisible();

    // An unconfirmed address: told why, with the way to the account page.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(loginReturnPath(SPA_ROUTES.events));
    await logIn(page, unconfirmed);
    await expect(page).toHaveURL(/\/events$/);
    await expect(listed.getByText(/Confirm your email address to RSVP/)).toBeVisible();
    await expect(listed.getByRole('link', { name: 'send it again from your account' })).toBeVisible();
  },
);

for (const width of WIDTHS) {
  test(
    `staff set up RSVPs, see the guest list, check a guest in, export it and cancel the event at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const name = unique('Champagne Tasting ');
      await signInAsAdmin(page);
      await page.goto(SPA_ROUTES.adminEvents);

      // The editor: Takes RSVPs with a capacity, 4 places per customer by default, a waiting list, a tasting.
      await page.getByRole('button', { name: 'Add Event' }).click();
      const editor = page.getByRole('dialog', { name: 'Event Creator' });
      await editor.getByLabel('Name').fill(name);
      await editor.getByLabel('Date').fill(addDays(newYorkTime(new Date()).date, 7));
      await editor.getByLabel('Time').fill('18:00');
      await editor.getByLabel('Description').fill('Grower Champagne, five pours.');
      await editor.getByLabel('Takes RSVPs').check();
      await expect(editor.getByLabel('Places per customer')).toHaveValue('4');
      await editor.getByLabel('Capacity').fill('501');
      await editor.getByLabel('Waiting list when full').check();
      await editor.getByLabel(/^Tasting/).check();
      await editor.getByRole('button', { name: 'Save' }).click();
      await expect(editor.getByText('Capacity must be a whole number from 1 to 500')).toBeVisible();
      await expect(editor.getByLabel('Capacity')).toBeFocused();
      await shot(page, `admin-editor-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await editor.getByLabel('Capacity').fill('24');
      await editor.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Event Created');
      const row = page.locator('.admin-event').filter({ has: page.getByRole('heading', { name }) });
      await expect(row).toContainText('Tasting · RSVPs: 0 of 24 places');

      // Two customers answer; the row counts them.
      const events = await (
        await adminApi(request)
      ).call<{ listEvents: { items: { id: string; name: string }[] } }>('query { listEvents(limit: 1000) { items { id name } } }');
      const eventId = events.listEvents.items.find((event) => event.name === name)!.id;
      const [a, b] = [await customer(request, 0), await customer(request, 1)];
      await rsvpByApi(request, a, eventId, 3);
      await rsvpByApi(request, b, eventId, 1);
      await page.reload();
      await expect(row).toContainText('RSVPs: 4 of 24 places');

      // The guest list: name, party size, e-mail; check-in; Export CSV.
      await row.getByRole('button', { name: `Guest list of ${name}` }).click();
      const list = page.getByRole('dialog', { name: `Guests: ${name}` });
      const guestRow = list.getByRole('row').filter({ hasText: a.email });
      await expect(guestRow).toContainText(a.name);
      await expect(guestRow.getByRole('cell').nth(1)).toHaveText('3');
      const checkIn = guestRow.getByRole('checkbox', { name: `Checked in: ${a.name}, party of 3` });
      await checkIn.check();
      await expect(checkIn).toBeChecked();
      await shot(page, `admin-guest-list-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      const download = page.waitForEvent('download');
      await list.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^guests-\d{4}-\d{2}-\d{2}-champagne-tasting-[a-z0-9]+\.csv$/);
      const rows = Papa.parse<string[]>((await readFile(await file.path(), 'utf8')).slice(1), { skipEmptyLines: true }).data;
      expect(rows[0]).toEqual(['Name', 'Party size', 'E-mail', 'Answered', 'Status', 'Checked in']);
      expect(rows.slice(1).map((cells) => [cells[0], cells[1], cells[2], cells[4]])).toEqual([
        [a.name, '3', a.email, 'Going'],
        [b.name, '1', b.email, 'Going'],
      ]);
      expect(rows[1]![5]).not.toBe('');
      await list.getByRole('button', { name: 'Close' }).click();

      // Cancel event: says the guests are e-mailed; the events page shows it cancelled.
      await row.getByRole('button', { name: `Cancel event ${name}` }).click();
      const cancel = page.getByRole('dialog', { name: `Cancel ${name}?` });
      await expect(cancel).toContainText('is told by e-mail');
      await cancel.getByLabel('Message to guests (optional, in their e-mail)').fill('We will hold it again in the spring.');
      await cancel.getByLabel('Note for staff (optional, kept in the activity log, not e-mailed)').fill('The importer could not deliver');
      await cancel.getByRole('button', { name: 'Cancel event' }).click();
      await expectToast(page, 'Success', `${name} is cancelled; its guests are told by e-mail`);
      await expect(row).toContainText('RSVPs: Cancelled');
      await page.goto(SPA_ROUTES.events);
      const entry = entryOf(page, name);
      await expect(entry.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(entry.getByRole('link', { name: /Log in to RSVP/ })).toHaveCount(0);
    },
  );
}

test(
  'the owner edits the tasting rules in Shop settings; a tasting shows them, and the emptied field brings back the default',
  BOTH_BACKENDS,
  async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const tasting = await rsvpEvent(request, 'Port Tasting', { capacity: 10, tasting: true });
    await signInAsAdmin(page);
    const setRules = async (text: string) => {
      await page.goto(SPA_ROUTES.adminSettings);
      const field = page.getByLabel('Tasting rules');
      await expect(field).toHaveValue(/\S/);
      await field.fill(text);
      await page.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Shop settings saved');
    };
    const rules = '21+ with photo ID. Two samples of port per person tonight.';
    await setRules(rules);
    await page.goto(SPA_ROUTES.events);
    await expect(entryOf(page, tasting.name).getByText(rules)).toBeVisible();
    await setRules('');
    await page.goto(SPA_ROUTES.adminSettings);
    await expect(page.getByLabel('Tasting rules')).toHaveValue(DEFAULT_TASTING_RULES);
    await page.goto(SPA_ROUTES.events);
    await expect(entryOf(page, tasting.name).getByText(DEFAULT_TASTING_RULES)).toBeVisible();
  },
);
