/**
 * One customer's caps on reserving (decisions 0371, 0374), in the screens: staff set an item's
 * "Limit per customer" in the Item Editor (refused out of range with the shared message) and one
 * customer's share of a shelf on Shop settings; the item page says "Limit 2 per customer" to
 * everyone, and a signed-in customer's quantity offers no more than they may still hold. The
 * caps themselves are proven on both backends by tests/support/customer-limits-battery.ts. At 390
 * and 1440 px, axe clean. Runs in the `admin` project (its server mails the customer's
 * confirmation to E2E_SMTP_PORT).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../playwright.config';
import { MAX_LIMIT_PER_CUSTOMER } from '../../shared/customer-limits';
import { PICKUP_MESSAGES } from '../../shared/pickup-messages';
import { pickupSlots } from '../../shared/pickup-slots';
import { itemPath } from '../../shared/spa-routes';
import { adminApi, expectToast, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { mailInbox, signUpConfirmedByApi } from './support/customer-mail';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Chablis-2031!';
const SHARE_LABEL = "One customer's share of an item's shelf (%)";
const inbox = mailInbox(E2E_SMTP_PORT);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const editor = (page: Page) => page.getByRole('dialog', { name: 'Item Editor' });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

/** One confirmed customer for the file (a sign-up is rate-limited per address). */
let customer: { email: string; token: string } | undefined;
async function signedUpCustomer(request: APIRequestContext) {
  if (customer) return customer;
  const tag = unique('').toLowerCase();
  const email = `capped.${tag}@example.com`;
  const token = await signUpConfirmedByApi(request, inbox, { firstName: 'Cal', lastName: `Capped${tag}`, email, password: PASSWORD });
  customer = { email, token };
  return customer;
}

for (const width of WIDTHS) {
  test(
    `staff set an item's limit per customer and the shelf share; the item page says it and offers no more (${width} px)`,
    BOTH_BACKENDS,
    async ({ page, request, browser }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const api = await adminApi(request);
      const name = unique('Allocated Barolo ');
      const { createItem } = await api.call<{ createItem: { id: string } }>(
        'mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }',
        { input: { name, price: 89, stock: 10, stockCountedAt: new Date().toISOString(), tags: ['wine'], description: 'Allocated.' } },
      );
      const id = createItem.id;
      const stored = async () =>
        (
          await api.call<{ getItem: { limitPerCustomer: number | null } }>('query ($id: ID!) { getItem(id: $id) { limitPerCustomer } }', {
            id,
          })
        ).getItem.limitPerCustomer;

      // The Item Editor: the limit, refused out of range with the shared message, then saved.
      await signInAsAdmin(page);
      await page.goto(`/admin-item?id=${id}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = editor(page);
      const limit = field(dialog, 'Limit per customer');
      await expect(dialog.getByText('Most one customer may hold in open reservations (1 to 99); empty: no limit')).toBeVisible();
      for (const bad of ['0', '-2', '1.5', '500']) {
        await limit.fill(bad);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Error', PICKUP_MESSAGES.itemLimit(MAX_LIMIT_PER_CUSTOMER));
        await expect(limit).toHaveAttribute('aria-invalid', 'true');
        await expect(limit).toBeFocused();
      }
      expect(await stored()).toBeNull();
      await limit.fill('2');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `item-editor-limit-${width}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(page, 'Success', 'Item Updated');
      await expect(dialog).toBeHidden();
      expect(await stored()).toBe(2);

      // Shop settings: one customer's share of a shelf, refused out of range, then saved.
      await page.goto('/admin-settings');
      const share = page.getByLabel(SHARE_LABEL);
      await expect(share).toHaveValue(/^\d+$/);
      try {
        await share.fill('0');
        await page.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByText(PICKUP_MESSAGES.setting(SHARE_LABEL, 1, 100)).first()).toBeVisible();
        await share.fill('10');
        expect(await seriousViolations(page)).toEqual([]);
        await share.scrollIntoViewIfNeeded();
        await screenshot(page, `settings-share-${width}`);
        await page.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Success', /saved/i);
        const { getShopSettings } = await api.call<{ getShopSettings: { reservationShareCap: number | null } }>(
          'query { getShopSettings(id: "shop") { reservationShareCap } }',
        );
        expect(getShopSettings.reservationShareCap).toBe(10);

        // A guest reads the limit beside the reserve control.
        const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width, height: 900 } });
        const guest = await context.newPage();
        await guest.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
        await guest.goto(itemPath(id));
        await expect(guest.getByText('Limit 2 per customer')).toBeVisible();
        await expect(guest.getByRole('link', { name: 'Log in to reserve for pickup' })).toBeVisible();
        expect(await seriousViolations(guest)).toEqual([]);
        await screenshot(guest, `item-page-limit-${width}`);

        // A signed-in customer is offered no more than they may hold: 10% of 10 is 1, under the limit of 2.
        const who = await signedUpCustomer(request);
        await guest.goto('/login');
        await guest.getByLabel('Email').fill(who.email);
        await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await guest.getByRole('button', { name: 'Log in' }).click();
        await expect(guest.getByRole('button', { name: 'Log Out' })).toBeVisible();
        await guest.goto(itemPath(id));
        const quantity = guest.getByLabel('Quantity', { exact: true });
        await expect(quantity.locator('option')).toHaveCount(1);
        // The share back to its default (50%: 5 of 10): the limit of 2 is the smaller.
        await api.call('mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
          input: { id: 'shop', reservationShareCap: null },
        });
        await guest.reload();
        await expect(quantity.locator('option')).toHaveCount(2);
        expect(await seriousViolations(guest)).toEqual([]);
        await screenshot(guest, `item-page-customer-${width}`);

        // Holding 2 in an open reservation, the control says why it offers none.
        const { getShopSettings: hours } = await api.call<{
          getShopSettings: { weeklyHours: string[]; specialDates: string[] | null; pickupPreparationMinutes: number | null };
        }>('query { getShopSettings(id: "shop") { weeklyHours specialDates pickupPreparationMinutes } }');
        const slot = pickupSlots(hours, new Date(), { preparationMinutes: hours.pickupPreparationMinutes ?? undefined })[0]!.slots[0]!;
        const asCustomer = (query: string, variables: Record<string, unknown>) => graphql(request, query, variables, who.token);
        expect(
          (
            await asCustomer(
              'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }',
              {
                itemId: id,
                quantity: 2,
              },
            )
          ).errors,
        ).toBeUndefined();
        const reserved = await asCustomer('mutation ($slotStart: String!) { reserve(slotStart: $slotStart) { id } }', {
          slotStart: slot.start,
        });
        expect(reserved.errors).toBeUndefined();
        await guest.reload();
        await expect(guest.getByText(PICKUP_MESSAGES.limitPerCustomer(name, 2, 2))).toBeVisible();
        await expect(quantity).toHaveCount(0);
        const { id: reservationId } = (reserved.data as { reserve: { id: string } }).reserve;
        await asCustomer('mutation ($id: ID!) { cancelMyReservation(id: $id) { id } }', { id: reservationId });
        await context.close();
      } finally {
        await api.call('mutation ($input: UpdateShopSettingsInput!) { updateShopSettings(input: $input) { id } }', {
          input: { id: 'shop', reservationShareCap: null },
        });
      }
    },
  );
}
