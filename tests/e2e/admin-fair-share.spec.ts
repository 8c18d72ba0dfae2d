/**
 * Holding fairly on the staff screen (/admin-reservations, decisions 0375, 0378), at phone and
 * desktop widths: a customer reserves twice with one phone (signed up and confirmed through the
 * API, the mail taken from an SMTP server this file starts on E2E_SMTP_PORT); the till counts 1
 * of the 3 bottles they hold; staff see "Short: …" on both rows and in the dialog, how long each is
 * held, and the other reservation among the related ones, whose link opens its own dialog. axe
 * finds nothing serious.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_SMTP_PORT } from '../../playwright.config';
import { nameWithSize } from '../../shared/bottle-size';
import { newImportId } from '../../shared/import-chunks';
import { heldUntilText, pickupSlots } from '../../shared/pickup-slots';
import { formatReservationNumber } from '../../shared/reservation-limits';
import { adminApi, graphql, signInAsAdmin, unique } from './support/admin-session';
import { seriousViolations } from './support/axe';
import { mailInbox, signUpConfirmedByApi } from './support/customer-mail';
import { BOTH_BACKENDS, WIDTHS } from './support/scope';
import { screenshot } from './support/screenshots';

const PASSWORD = 'Gr8-Riesling-2031!';
const inbox = mailInbox(E2E_SMTP_PORT);

interface Made {
  id: string;
  number: string;
  expiresAt: string;
}

/** A customer holding 2 and then 1 of a Merlot the till then counts 1 of. */
async function seed(request: APIRequestContext) {
  const tag = unique('').toLowerCase();
  const email = `fair.${tag}@example.com`;
  const token = await signUpConfirmedByApi(request, inbox, { firstName: 'Faye', lastName: `Holder${tag}`, email, password: PASSWORD });
  const api = await adminApi(request);
  const upc = `FAIR${tag}`.toUpperCase();
  const name = `Pickup Merlot ${tag}`;
  const { id: itemId } = (
    await api.call<{ createItem: { id: string } }>('mutation ($input: CreateItemInput!) { createItem(input: $input) { id } }', {
      input: { name, price: 12.5, stock: 6, sizeMl: 750, upc, tags: ['wine'] },
    })
  ).createItem;
  const { getShopSettings: settings } = await api.call<{
    getShopSettings: { weeklyHours: string[]; specialDates: string[] | null; pickupPreparationMinutes: number | null };
  }>('query { getShopSettings(id: "shop") { weeklyHours specialDates pickupPreparationMinutes } }');
  const slot = pickupSlots(settings, new Date(), { preparationMinutes: settings.pickupPreparationMinutes ?? undefined })[0]!.slots[0]!;
  const reserve = async (quantity: number, phone: string) => {
    const line = await graphql(
      request,
      'mutation ($itemId: ID!, $quantity: Int!) { setPickupListLine(itemId: $itemId, quantity: $quantity) { units } }',
      { itemId, quantity },
      token,
    );
    expect(line.errors, JSON.stringify(line.errors)).toBeUndefined();
    const body = await graphql<{ reserve: Made }>(
      request,
      'mutation ($slotStart: String!, $phone: String) { reserve(slotStart: $slotStart, phone: $phone) { id number expiresAt } }',
      { slotStart: slot.start, phone },
      token,
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!.reserve;
  };
  const first = await reserve(2, '(845) 555-0177');
  const second = await reserve(1, '845.555.0177');
  // The till's stock file counts 1 of the 3 held.
  await api.call(
    `mutation ($importId: String!, $offset: Int!, $rows: [ItemImportRowInput!]!, $apply: Boolean, $stockOnly: Boolean) {
      importItems(importId: $importId, offset: $offset, rows: $rows, apply: $apply, stockOnly: $stockOnly) { applied } }`,
    { importId: newImportId(), offset: 0, rows: [{ row: 2, upc, quantity: '1' }], apply: true, stockOnly: true },
  );
  return { first, second, email, line: nameWithSize({ name, sizeMl: 750 }) };
}

const row = (page: Page, number: string) => page.getByRole('button', { name: new RegExp(`^${formatReservationNumber(number)}`) });

for (const width of WIDTHS) {
  test(`staff see which reservations are short and which are related at ${width} px`, BOTH_BACKENDS, async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const { first, second, email, line } = await seed(request);
    const short = `Short: the till counts 1 ${line}, 3 held`;
    await signInAsAdmin(page);
    await page.goto('/admin-reservations');
    await page.getByLabel('Search reservations').fill(email);
    // The list's own status line, not the spinner's (both are role=status while it loads).
    await expect(page.locator('.reservations-status')).toHaveText(`2 reservations requested matching "${email}".`);
    // Both rows say what is short.
    await expect(row(page, first.number)).toContainText(short);
    await expect(row(page, second.number)).toContainText(short);
    expect(await seriousViolations(page)).toEqual([]);

    await row(page, first.number).click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: `Reservation ${formatReservationNumber(first.number)}` })).toBeVisible();
    await expect(detail.getByRole('note', { name: 'Short on the shelf' })).toHaveText(short);
    await expect(detail).toContainText(`Held until${heldUntilText(first.expiresAt)}`);
    const related = detail.getByRole('region', { name: 'Related open reservations' });
    const link = related.getByRole('link', { name: `Reservation ${formatReservationNumber(second.number)}` });
    await expect(link).toBeVisible();
    await expect(related.getByRole('listitem').filter({ hasText: formatReservationNumber(second.number) })).toContainText(
      'Same phone, same sign-up address',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await related.scrollIntoViewIfNeeded();
    await screenshot(page, `fair-share-detail-${width}`);

    // The link opens the related reservation's own dialog, which links back.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`open=${second.id}`));
    await expect(detail.getByRole('heading', { name: `Reservation ${formatReservationNumber(second.number)}` })).toBeVisible();
    await expect(
      detail
        .getByRole('region', { name: 'Related open reservations' })
        .getByRole('link', { name: `Reservation ${formatReservationNumber(first.number)}` }),
    ).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/open=/);
  });
}
