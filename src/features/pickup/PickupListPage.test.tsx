import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../lib/amplify';
import { PICKUP_MESSAGES } from '../../../shared/pickup-messages';
import { pickupSlots } from '../../../shared/pickup-slots';
import { reservationSettingsOf } from '../../../shared/reservation-limits';
import { CUSTOMER, findToast, renderWithApp } from '../../test/render';
import { pickupListKey, type PickupList, type PickupListLine, type PickupShopSettings } from './pickup-list-api';
import { PickupListPage } from './PickupListPage';
import type { Reservation } from './reservations-api';

// The network boundary: the customer's writes, answered here as the server answers. The list and
// the shop's hours are in the query cache, as the page holds them once loaded.
const api = vi.hoisted(() => ({ reserve: vi.fn(), setPickupListLine: vi.fn(), myPickupList: vi.fn() }));
vi.mock('../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: {
    mutations: { reserve: api.reserve, setPickupListLine: api.setPickupListLine },
    queries: { myPickupList: api.myPickupList },
  },
}));

/** Open every day 10:00 to 20:00, so there are pickup times whatever the day the test runs. */
const SETTINGS: PickupShopSettings = {
  weeklyHours: Array.from({ length: 7 }, () => '10:00-20:00'),
  specialDates: [],
  limits: reservationSettingsOf({ pickupMaxPerItem: 6 }),
};

const line = (fields: Partial<PickupListLine> & Pick<PickupListLine, 'itemId' | 'name'>): PickupListLine => ({
  quantity: 1,
  price: 20,
  stock: null,
  outOfStock: false,
  overStock: false,
  problem: null,
  customerMost: null,
  ...fields,
});

const list = (lines: PickupListLine[]): PickupList => ({
  lines,
  units: lines.reduce((sum, each) => sum + each.quantity, 0),
  total: lines.reduce((sum, each) => sum + (each.price ?? 0) * each.quantity, 0),
});

const BAROLO_NAME = 'Barolo 2019, 750 mL';
const VODKA_NAME = 'Clear Lake Vodka, 1.75 L';
const BAROLO = line({ itemId: 'barolo', name: BAROLO_NAME, quantity: 2, price: 42.5, stock: 4 });
const VODKA = line({ itemId: 'vodka', name: VODKA_NAME, price: null, customerMost: 3 });

beforeEach(() => {
  for (const call of Object.values(api)) call.mockReset();
});

function renderPickupList(lines: PickupListLine[], session: 'customer' | 'admin' | 'guest' = 'customer') {
  return renderWithApp(<PickupListPage />, {
    url: '/pickup-list',
    route: '/pickup-list',
    session: session === 'guest' ? undefined : session,
    data: [
      [pickupListKey(CUSTOMER.userId), list(lines)],
      [['pickup-settings'], SETTINGS],
    ],
  });
}

const optionsOf = (select: HTMLElement) => Array.from((select as HTMLSelectElement).options, (option) => option.value);

describe('the pickup list', () => {
  it('sends a guest to log in, coming back here', async () => {
    const { location } = renderPickupList([BAROLO], 'guest');
    await waitFor(() => expect(location()).toBe('/login?return=%2Fpickup-list'));
  });

  it('tells staff that reserving is for customers', () => {
    renderPickupList([BAROLO], 'admin');
    expect(screen.getByText("Reserving is for customers' accounts; staff reserve nothing for themselves.")).toBeTruthy();
  });

  it('lists each bottle with its price and a quantity up to what the shelf, the shop and the customer allow', () => {
    renderPickupList([BAROLO, VODKA]);
    expect(screen.getByRole('heading', { level: 2, name: '3 bottles' })).toBeTruthy();
    const [barolo, vodka] = screen.getAllByRole('listitem');
    expect(within(barolo!).getByRole('link', { name: BAROLO_NAME }).getAttribute('href')).toBe('/item/barolo');
    expect(within(barolo!).getByText('$42.50 each')).toBeTruthy();
    // 4 on the shelf.
    expect(optionsOf(within(barolo!).getByLabelText('Quantity'))).toEqual(['1', '2', '3', '4']);
    expect(within(barolo!).getByLabelText<HTMLSelectElement>('Quantity').value).toBe('2');
    // Not counted, but the customer may hold 3 more.
    expect(within(vodka!).getByText('Ask in store')).toBeTruthy();
    expect(optionsOf(within(vodka!).getByLabelText('Quantity'))).toEqual(['1', '2', '3']);
    expect(screen.getByText('$85.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reserve 3 bottles' })).toBeTruthy();
  });

  it('flags the lines the shelf cannot fill and keeps Reserve closed until they change', () => {
    const short = line({ itemId: 'merlot', name: 'Merlot', quantity: 3, stock: 1, overStock: true, problem: 'Only 1 of Merlot left' });
    const gone = line({ itemId: 'rose', name: 'Rosé', stock: 0, outOfStock: true, problem: 'Rosé is out of stock' });
    renderPickupList([short, gone]);
    const [merlot, rose] = screen.getAllByRole('listitem');

    const quantity = within(merlot!).getByLabelText('Quantity');
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Not enough on the shelf Only 1 of Merlot left',
    );
    // The quantity asked stays choosable until it is lowered.
    expect(optionsOf(quantity)).toEqual(['1', '2', '3']);
    expect(within(rose!).getByText('Out of stock')).toBeTruthy();
    expect(within(rose!).queryByLabelText('Quantity')).toBeNull();
    expect(within(rose!).getByRole('button', { name: 'Remove Rosé' })).toBeTruthy();

    expect(screen.getByText('Change or remove the flagged lines before reserving.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reserve 4 bottles' }).disabled).toBe(true);
  });

  it('changes and removes a line, showing the list the server answers', async () => {
    api.setPickupListLine
      .mockResolvedValueOnce({ data: list([{ ...BAROLO, quantity: 3 }, VODKA]) })
      .mockResolvedValueOnce({ data: list([{ ...BAROLO, quantity: 3 }]) });
    const { user } = renderPickupList([BAROLO, VODKA]);

    await user.selectOptions(screen.getAllByLabelText('Quantity')[0]!, '3');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reserve 4 bottles' })).toBeTruthy());
    expect(api.setPickupListLine).toHaveBeenLastCalledWith(
      { itemId: 'barolo', quantity: 3 },
      expect.objectContaining({ authMode: 'lambda' }),
    );

    await user.click(screen.getByRole('button', { name: `Remove ${VODKA_NAME}` }));
    await findToast('Success', `Removed ${VODKA_NAME} from your pickup list`);
    expect(api.setPickupListLine).toHaveBeenLastCalledWith({ itemId: 'vodka', quantity: 0 }, expect.anything());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says an empty list is empty, with the way to the menus', () => {
    renderPickupList([]);
    expect(screen.getByText(/Your pickup list is empty/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse wine' }).getAttribute('href')).toBe('/menu?category=wine');
    expect(screen.queryByRole('button', { name: /^Reserve/ })).toBeNull();
  });
});

describe('reserving the list', () => {
  it('refuses a phone number that is not one before sending anything', async () => {
    const { user } = renderPickupList([BAROLO]);
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Reserve 2 bottles' }));
    expect(screen.getByRole('alert').textContent).toBe(PICKUP_MESSAGES.phone);
    expect(api.reserve).not.toHaveBeenCalled();
  });

  it('reserves for the pickup time chosen, then shows the reservation and empties the list', async () => {
    const days = pickupSlots(SETTINGS, new Date(), { preparationMinutes: SETTINGS.limits.preparationMinutes });
    const chosen = days[1]!.slots[1]!;
    const reservation: Reservation = {
      id: 'r1',
      number: 'K7QF3M9X',
      userId: CUSTOMER.userId,
      status: 'Requested',
      slotStart: chosen.start,
      slotEnd: chosen.end,
      slotLabel: `${days[1]!.label}, ${chosen.label}`,
      lines: [{ itemId: 'barolo', name: BAROLO_NAME, price: 42.5, quantity: 2, reservedQuantity: 2 }],
      total: 85,
      expiresAt: chosen.end,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    api.reserve.mockResolvedValue({ data: reservation });
    const { user, queryClient } = renderPickupList([BAROLO]);

    await user.selectOptions(screen.getByLabelText('Day'), days[1]!.date);
    // Choosing a day chooses its first time.
    expect(screen.getByLabelText<HTMLSelectElement>('Time').value).toBe(days[1]!.slots[0]!.start);
    await user.selectOptions(screen.getByLabelText('Time'), chosen.start);
    await user.type(screen.getByLabelText('Note to the shop (optional)'), '  Gift wrap, please  ');
    await user.click(screen.getByRole('button', { name: 'Reserve 2 bottles' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reserved for pickup' })).toBeTruthy();
    expect(screen.getByText('K7QF-3M9X')).toBeTruthy();
    expect(api.reserve).toHaveBeenCalledExactlyOnceWith(
      { slotStart: chosen.start, note: 'Gift wrap, please', phone: null },
      expect.objectContaining({ authMode: 'lambda' }),
    );
    expect(queryClient.getQueryData<PickupList>(pickupListKey(CUSTOMER.userId))?.lines).toEqual([]);
  });

  it("shows the server's refusal, and the list as it is now (the shelf may have changed)", async () => {
    const refusal = 'Only 1 of Barolo 2019, 750 mL left';
    api.reserve.mockResolvedValue({ data: null, errors: [{ message: refusal }] });
    api.myPickupList.mockResolvedValue({ data: list([{ ...BAROLO, stock: 1, overStock: true, problem: refusal }]) });
    const { user } = renderPickupList([BAROLO]);
    await user.click(screen.getByRole('button', { name: 'Reserve 2 bottles' }));

    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    await waitFor(() => expect(screen.getByText('Not enough on the shelf')).toBeTruthy());
    expect(api.myPickupList).toHaveBeenCalledOnce();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reserve 2 bottles' }).disabled).toBe(true);
  });
});
