/**
 * Reservations for pickup, the staff screen (/admin-reservations, product §11, decisions 0323-0325),
 * at phone and desktop widths. A customer signs up, confirms the address and reserves through the
 * API (the confirmation mail arrives at an SMTP server this file starts on E2E_SMTP_PORT, on
 * either backend: tests/e2e/support/customer-mail.ts); then
 * staff see the sidebar's badge, print the pick list (nothing of the portal on paper), open a
 * reservation, lower a line with a note (its bottles go back), mark it ready, are refused the
 * handover until "Photo ID checked, 21+" is ticked, hand it over, cancel another with a reason,
 * and search by number (with or without the dash) and by e-mail. axe finds nothing serious.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../playwright.config';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { pickupSlots } from '../../shared/pickup-slots';
import { formatReservationNumber } from '../../shared/reservation-limits';
import { SPA_ROUTES } from '../../shared/spa-routes';
import type { Reservation } from '../support/reservation-battery';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { mailInbox, signUpConfirmedByApi } from './support/customer-mail';
import { BOTH_BACKENDS, BROWSER_ALONE, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Riesling-2031!';
const RESERVATION = 'id number status total reason lines { itemId quantity reservedQuantity note }';

interface Customer {
  email: string;
  name: string;
  /** The customer's session token. */
  token: string;
}

const inbox = mailInbox(E2E_SMTP_PORT);
let customer: Customer | undefined;

/** One customer for the file (a sign-up is rate-limited per address): signed up and confirmed. */
async function signUpCustomer(request: APIRequestContext): Promise<Customer> {
  const tag = unique('').toLowerCase();
  const email = `reserver.${tag}@example.com`;
  const token = await signUpConfirmedByApi(request, inbox, { firstName: 'Rosa', lastName: `Reserver${tag}`, email, password: PASSWORD });
  return { email, name: `Rosa Reserver${tag}`, token };
}

/** Two items, counted, and two reservations of them by the customer: A (3 Merlot, 1 Rye) and B (1 Merlot). */
async function seed(request: APIRequestContext) {
  // Signed up by the first test that needs one, so a test without a customer runs without mail.
  customer ??= await signUpCustomer(request);
  const reserver = customer;
  const api = await adminApi(request);
  const asCustomer = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const body = await graphql<T>(request, query, variables, reserver.token);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  };
  const tag = unique('');
  const item = async (name: string, price: number, stock: number, facts: { sizeMl?: number; upc?: string } = {}) =>
    (
      await api.call<{ createItem: { id: string } }>('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
        input: { name: `${name} ${tag}`, price, stock, tags: ['wine'], ...facts },
      })
    ).createItem.id;
  // Sized, with a UPC: the pick list names the line with its size and prints the UPC (decision 0361).
  // 8 counted: the customer's 4 are within one customer's fair share, half the shelf (decision 0374).
  const merlot = await item('Pickup Merlot', 12.5, 8, { sizeMl: 750, upc: '012345678905' });
  const rye = await item('Pickup Rye', 30, 4);
  const { getShopSettings: settings } = await api.call<{
    getShopSettings: { weeklyHours: string[]; specialDates: string[] | null; pickupPreparationMinutes: number | null };
  }>('query { getShopSettings(id: "shop") { weeklyHours specialDates pickupPreparationMinutes } }');
  const slot = pickupSlots(settings, new Date(), { preparationMinutes: settings.pickupPreparationMinutes ?? undefined })[0]!.slots[0]!;
  const reserve = async (lines: Array<[string, number]>, note: string) => {
    for (const [itemId, quantity] of lines)
      await asCustomer('mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }', {
        itemId,
        quantity,
      });
    return (
      await asCustomer<{ reserve: Reservation }>(
        `mutation ($slotStart: String!, $note: String, $phone: String) { reserve(slotStart: $slotStart, note: $note, phone: $phone) { ${RESERVATION} } }`,
        { slotStart: slot.start, note, phone: '(845) 555-0142' },
      )
    ).reserve;
  };
  const a = await reserve(
    [
      [merlot, 3],
      [rye, 1],
    ],
    'Gift wrap the rye, please',
  );
  const b = await reserve([[merlot, 1]], '');
  const stockOf = async (id: string) =>
    (await api.call<{ getItem: { stock: number | null } }>('query ($id: ID!) { getItem(id: $id) { stock } }', { id })).getItem.stock;
  const count = async (status: string) =>
    (await api.call<{ listReservations: unknown[] }>(`query { listReservations(status: "${status}") { id } }`)).listReservations.length;
  /** The badge's words: those to pick and those ready for collection. */
  const waiting = async () => {
    const [requested, ready] = [await count('Requested'), await count('Ready')];
    return `${requested + ready} waiting: ${requested} to pick, ${ready} ready for collection`;
  };
  return { a, b, merlot, rye, stockOf, waiting, tag };
}

const row = (page: Page, number: string) => page.getByRole('button', { name: new RegExp(`^${formatReservationNumber(number)}`) });
const dialog = (page: Page) => page.getByRole('dialog');

for (const width of WIDTHS) {
  test(
    `staff pick, lower, hand over and cancel reservations, search and print at ${width} px`,
    BOTH_BACKENDS,
    async ({ page, request }) => {
      // Many steps, each a round trip: more than the default minute on a busy machine or the emulated cloud.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const { a, b, merlot, stockOf, waiting, tag } = await seed(request);
      const reserver = customer!;
      expect(await stockOf(merlot)).toBe(4);
      await page.addInitScript(() => {
        // The print dialog would wait for a person: counted instead.
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void ((window as unknown as { printed: number }).printed += 1);
      });
      await signInAsAdmin(page);

      // The sidebar's badge: the Requested reservations and the Ready ones (on phones, in the Admin menu).
      if (width < 1024) await page.getByRole('button', { name: 'Admin menu' }).click();
      const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Reservations/ });
      await expect(link).toHaveAccessibleName(`Reservations ${await waiting()}`);
      await link.click();
      await expect(page).toHaveURL(/\/admin-reservations$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Requested/, pressed: true })).toBeVisible();
      await expect(row(page, a.number)).toContainText(reserver.name);
      await expect(row(page, a.number)).toContainText('4 bottles');
      await expect(row(page, a.number)).toContainText('$67.50');
      expect(await seriousViolations(page)).toEqual([]);

      // The pick list: on paper the Requested reservations alone, without the portal's sidebar.
      await page.getByRole('button', { name: /^Print pick list/ }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Reservations', exact: true })).toBeHidden();
      const sheet = page.getByRole('region', { name: 'Pick list: reservations to pick' });
      await expect(sheet).toBeVisible();
      const picked = sheet.getByRole('article').filter({ hasText: formatReservationNumber(a.number) });
      await expect(picked.getByRole('row').filter({ hasText: `Pickup Merlot ${tag}, 750 mL` })).toContainText('012345678905');
      await screenshot(page, `pick-list-print-${width}`, { fullPage: true });
      await expect(sheet.getByRole('article').filter({ hasText: formatReservationNumber(b.number) })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      // Search by e-mail: this customer's two.
      const search = page.getByLabel('Search reservations');
      await search.fill(reserver.email);
      await expect(page.getByRole('status')).toHaveText(`2 reservations requested matching "${reserver.email}".`);

      // A: lower the Merlot to 2, a note required; the bottle goes back to the shelf.
      await row(page, a.number).click();
      const detail = dialog(page);
      await expect(detail).toBeVisible();
      await expect(detail.getByRole('heading', { name: `Reservation ${formatReservationNumber(a.number)}` })).toBeVisible();
      await expect(detail).toContainText(reserver.email);
      await expect(detail).toContainText('(845) 555-0142');
      await expect(detail).toContainText('Gift wrap the rye, please');
      expect(await seriousViolations(page)).toEqual([]);
      // The dialog keeps the focus.
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await detail.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await detail.getByLabel(`Picked of Pickup Merlot ${tag}`).fill('2');
      await detail.getByRole('button', { name: 'Mark ready' }).click();
      await expect(detail.getByRole('alert')).toHaveText(PICKUP_MESSAGES.staffNoteRequired);
      await detail.getByLabel(`Why fewer of Pickup Merlot ${tag}, 750 mL?`).fill('Only 2 on the shelf');
      await screenshot(page, `reservation-lowered-${width}`);
      // Every Picked box inside the dialog, at a phone's width too.
      const dialogBox = (await detail.boundingBox())!;
      for (const box of await detail.getByLabel(/^Picked of /).all())
        expect((await box.boundingBox())!.x + (await box.boundingBox())!.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
      await detail.getByRole('button', { name: 'Mark ready' }).click();
      await expectToast(page, 'Success', `Reservation ${formatReservationNumber(a.number)} is ready for pickup`);
      await expect(detail).toBeHidden();
      expect(await stockOf(merlot)).toBe(5);
      await expect(page.getByRole('status')).toHaveText(`1 reservation requested matching "${reserver.email}".`);

      // Ready: no handover without the ID tick (the server's refusal shown), then with it.
      await page.getByRole('button', { name: /^Ready/ }).click();
      await expect(page).toHaveURL(/status=ready/);
      await row(page, a.number).click();
      await expect(detail).toContainText('Note: Only 2 on the shelf');
      await expect(detail).toContainText('$55.00');
      await detail.getByRole('button', { name: 'Picked up' }).click();
      await expect(detail.getByRole('alert')).toHaveText(PICKUP_MESSAGES.idNotChecked);
      await expectToast(page, 'Error', PICKUP_MESSAGES.idNotChecked);
      await detail.getByLabel('Photo ID checked, 21+').check();
      await detail.getByRole('button', { name: 'Picked up' }).click();
      await expectToast(page, 'Success', `Reservation ${formatReservationNumber(a.number)} was picked up`);
      await expect(detail).toBeHidden();
      await page.getByRole('button', { name: /^Picked up/ }).click();
      await expect(row(page, a.number)).toContainText('Picked up');

      // B: cancelling needs a reason; its bottle goes back.
      await page.getByRole('button', { name: /^Requested/ }).click();
      await row(page, b.number).click();
      await detail.getByRole('button', { name: 'Cancel reservation' }).click();
      await expect(detail.getByRole('alert')).toHaveText(PICKUP_MESSAGES.reasonRequired);
      await detail.getByLabel('Reason for cancelling').fill('The customer called to cancel');
      await detail.getByRole('button', { name: 'Cancel reservation' }).click();
      await expectToast(page, 'Success', `Reservation ${formatReservationNumber(b.number)} was cancelled`);
      expect(await stockOf(merlot)).toBe(6);

      // Search by number: as printed, and as typed at the counter (no dash, lower case).
      await page.getByRole('button', { name: /^All/ }).click();
      await search.fill(formatReservationNumber(b.number));
      await expect(page.getByRole('status')).toHaveText(`1 reservation in all matching "${formatReservationNumber(b.number)}".`);
      await expect(row(page, b.number)).toContainText('Cancelled');
      await search.fill(a.number.toLowerCase());
      await expect(row(page, a.number)).toBeVisible();
      await expect(row(page, b.number)).toHaveCount(0);

      // One reservation printed from its dialog: the dialog is not on paper either.
      await row(page, a.number).click();
      await detail.getByRole('button', { name: 'Print' }).click();
      await page.emulateMedia({ media: 'print' });
      await expect(detail).toBeHidden();
      await expect(page.getByRole('region', { name: `Reservation ${formatReservationNumber(a.number)}` })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
      await expect(detail).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
}

test('a guest opening /admin-reservations is sent to log in', BROWSER_ALONE, async ({ page }) => {
  await page.goto(SPA_ROUTES.adminReservations);
  await expect(page).toHaveURL(/\/login/);
});
