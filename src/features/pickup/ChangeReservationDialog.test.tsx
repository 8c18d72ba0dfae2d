import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../lib/amplify';
import { PICKUP_MESSAGES } from '../../../shared/pickup-messages';
import { pickupSlots } from '../../../shared/pickup-slots';
import { reservationSettingsOf } from '../../../shared/reservation-limits';
import { CUSTOMER, findToast, renderWithApp } from '../../test/render';
import type { PickupShopSettings } from './pickup-list-api';
import { reservationsKey, type Reservation } from './reservations-api';
import { ReservationsPage } from './ReservationsPage';

// The network boundary: the change, answered here as the server answers. The reservations and
// the shop's hours are in the query cache, as the page holds them once loaded.
const api = vi.hoisted(() => ({ changeReservation: vi.fn() }));
vi.mock('../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: api },
}));

/** Open every day 10:00 to 20:00, so there are pickup times whatever the day the test runs. */
const SETTINGS: PickupShopSettings = {
  weeklyHours: Array.from({ length: 7 }, () => '10:00-20:00'),
  specialDates: [],
  limits: reservationSettingsOf({ pickupMaxPerItem: 6 }),
};
const DAYS = pickupSlots(SETTINGS, new Date(), { preparationMinutes: SETTINGS.limits.preparationMinutes });
const SLOT = DAYS[0]!.slots[0]!;

const reservation = (fields: Partial<Reservation> = {}): Reservation => ({
  id: 'r1',
  number: 'K7QF3M9X',
  userId: CUSTOMER.userId,
  status: 'Requested',
  slotStart: SLOT.start,
  slotEnd: SLOT.end,
  slotLabel: `${DAYS[0]!.label}, ${SLOT.label}`,
  lines: [
    { itemId: 'barolo', name: 'Barolo 2019, 750 mL', price: 42.5, quantity: 3, reservedQuantity: 3 },
    { itemId: 'vodka', name: 'Clear Lake Vodka, 1.75 L', price: 30, quantity: 1, reservedQuantity: 1 },
  ],
  total: 157.5,
  expiresAt: SLOT.end,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...fields,
});

beforeEach(() => {
  api.changeReservation.mockReset();
});

function renderReservations(reservations: Reservation[], settings: PickupShopSettings | null = SETTINGS) {
  return renderWithApp(<ReservationsPage />, {
    url: '/reservations',
    session: 'customer',
    data: [[reservationsKey(CUSTOMER.userId), reservations], ...(settings ? [[['pickup-settings'], settings] as const] : [])],
  });
}

async function openChange() {
  const view = renderReservations([reservation()]);
  const opener = screen.getByRole('button', { name: 'Change reservation K7QF-3M9X' });
  await view.user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Change reservation K7QF-3M9X' });
  return { ...view, opener, dialog, quantity: (name: string) => within(dialog).getByLabelText<HTMLInputElement>(`Quantity of ${name}`) };
}

const save = () => screen.getByRole('button', { name: 'Save changes' });

describe('the reservations page', () => {
  it('offers Change on a Requested reservation only, once the pickup times are known', () => {
    const view = renderReservations([reservation(), reservation({ id: 'r2', number: 'READY234', status: 'Ready' })]);
    expect(screen.getAllByRole('button', { name: /^Change reservation/ }).map((button) => button.textContent)).toEqual([
      'Change reservation K7QF-3M9X',
    ]);
    expect(screen.getByRole('button', { name: 'Cancel reservation READ-Y234' })).toBeTruthy();
    view.unmount();

    renderReservations([reservation()], null);
    expect(screen.queryByRole('button', { name: /^Change reservation/ })).toBeNull();
  });
});

describe('the change-a-reservation dialog', () => {
  it('opens on the first quantity, keeps Tab inside, and Escape gives the focus back to Change', async () => {
    const { user, opener, dialog, quantity } = await openChange();
    await waitFor(() => expect(document.activeElement).toBe(quantity('Barolo 2019, 750 mL')));
    expect(quantity('Barolo 2019, 750 mL').value).toBe('3');
    expect(quantity('Barolo 2019, 750 mL').max).toBe('6');

    for (let press = 0; press < 10; press += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('refuses to remove every line, and a quantity over the limit, before sending anything', async () => {
    const { user, dialog, quantity } = await openChange();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Barolo 2019, 750 mL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Clear Lake Vodka, 1.75 L' }));
    expect(within(dialog).getByText('Barolo 2019, 750 mL: removed')).toBeTruthy();
    await user.click(save());
    expect(within(dialog).getByRole('alert').textContent).toBe(PICKUP_MESSAGES.changeNoLines);

    await user.click(within(dialog).getByRole('button', { name: 'Undo removing Barolo 2019, 750 mL' }));
    expect(quantity('Barolo 2019, 750 mL').value).toBe('3');
    await user.clear(quantity('Barolo 2019, 750 mL'));
    await user.type(quantity('Barolo 2019, 750 mL'), '7');
    await user.click(save());
    expect(within(dialog).getByRole('alert').textContent).toBe(PICKUP_MESSAGES.lineQuantity(6));
    expect(api.changeReservation).not.toHaveBeenCalled();
  });

  it('sends the lines kept and the new pickup time, then shows the reservation as the server answers', async () => {
    const next = DAYS[1]!;
    const changed = reservation({
      slotStart: next.slots[0]!.start,
      slotLabel: `${next.label}, ${next.slots[0]!.label}`,
      lines: [{ itemId: 'barolo', name: 'Barolo 2019, 750 mL', price: 42.5, quantity: 1, reservedQuantity: 1 }],
      total: 42.5,
    });
    api.changeReservation.mockResolvedValue({ data: changed });
    const { user, dialog, quantity } = await openChange();

    await user.clear(quantity('Barolo 2019, 750 mL'));
    await user.type(quantity('Barolo 2019, 750 mL'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Clear Lake Vodka, 1.75 L' }));
    expect(within(dialog).queryByLabelText('Day')).toBeNull();
    await user.click(within(dialog).getByLabelText('Choose another pickup time'));
    const picker = within(dialog).getByRole('group', { name: 'New pickup time (New York time)' });
    await user.selectOptions(within(picker).getByLabelText('Day'), next.date);
    await user.click(save());

    await findToast('Success', 'Reservation K7QF-3M9X is changed');
    expect(api.changeReservation).toHaveBeenCalledExactlyOnceWith(
      { id: 'r1', lines: [{ itemId: 'barolo', quantity: 1 }], slotStart: next.slots[0]!.start },
      expect.objectContaining({ authMode: 'lambda' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('1 × Barolo 2019, 750 mL')).toBeTruthy();
    expect(screen.queryByText(/Clear Lake Vodka/)).toBeNull();
    expect(screen.getByText(changed.slotLabel)).toBeTruthy();
  });

  it("keeps the pickup time when it is not changed, and shows the server's refusal in the dialog", async () => {
    api.changeReservation.mockResolvedValue({ data: null, errors: [{ message: PICKUP_MESSAGES.onlyLeft('Barolo 2019, 750 mL', 5) }] });
    const { user, dialog, quantity } = await openChange();
    await user.clear(quantity('Barolo 2019, 750 mL'));
    await user.type(quantity('Barolo 2019, 750 mL'), '6');
    await user.click(save());

    expect((await within(dialog).findByRole('alert')).textContent).toBe(PICKUP_MESSAGES.onlyLeft('Barolo 2019, 750 mL', 5));
    expect(api.changeReservation).toHaveBeenCalledWith(
      {
        id: 'r1',
        lines: [
          { itemId: 'barolo', quantity: 6 },
          { itemId: 'vodka', quantity: 1 },
        ],
        slotStart: SLOT.start,
      },
      expect.anything(),
    );
    expect(save().hasAttribute('disabled')).toBe(false);
  });

  it('Keep as it was closes it, changing nothing', async () => {
    const { user, dialog } = await openChange();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Barolo 2019, 750 mL' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep as it was' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('3 × Barolo 2019, 750 mL')).toBeTruthy();
    expect(api.changeReservation).not.toHaveBeenCalled();
  });
});
