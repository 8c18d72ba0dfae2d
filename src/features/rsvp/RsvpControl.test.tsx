import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as amplify from '../../lib/amplify';
import { RSVP_MESSAGES } from '../../../shared/rsvp-rules';
import { CUSTOMER, findToast, renderWithApp } from '../../test/render';
import { myRsvpsKey, type Rsvp } from './rsvp-api';
import RsvpControl, { type RsvpControlEvent } from './RsvpControl';
import { RsvpSlot } from './RsvpSlot';

// The network boundary: the customer's answers and the reload of their RSVPs after one, answered
// here as the server answers. What the page had loaded is in the query cache.
const api = vi.hoisted(() => ({ rsvp: vi.fn(), cancelMyRsvp: vi.fn(), myRsvps: vi.fn() }));
vi.mock('../../lib/amplify', async (importOriginal) => ({
  ...(await importOriginal<typeof amplify>()),
  client: { mutations: { rsvp: api.rsvp, cancelMyRsvp: api.cancelMyRsvp }, queries: { myRsvps: api.myRsvps } },
}));

const TASTING: RsvpControlEvent = {
  id: 'riesling',
  name: 'Riesling Tasting',
  date: '2099-06-12',
  time: '19:00',
  takesRsvp: true,
  rsvpCapacity: 20,
  rsvpTaken: 5,
  rsvpPartyLimit: 3,
  rsvpWaitingList: true,
};
const FULL = { ...TASTING, rsvpTaken: 20 };
const PAST = { ...TASTING, date: '2000-06-12' };

const rsvp = (fields: Partial<Rsvp> = {}): Rsvp => ({
  id: 'rsvp-1',
  eventId: TASTING.id,
  eventName: TASTING.name,
  eventDate: TASTING.date,
  eventTime: TASTING.time,
  userId: CUSTOMER.userId,
  partySize: 2,
  status: 'Going',
  createdAt: '2099-05-01T12:00:00.000Z',
  updatedAt: '2099-05-01T12:00:00.000Z',
  ...fields,
});

beforeEach(() => {
  for (const call of Object.values(api)) call.mockReset();
});

function renderControl(event: RsvpControlEvent, mine: Rsvp[], { confirmed = true } = {}) {
  return renderWithApp(<RsvpControl event={event} />, {
    url: '/events',
    session: 'customer',
    data: [
      [myRsvpsKey(CUSTOMER.userId), mine],
      [['my-email-confirmed', CUSTOMER.userId], confirmed],
    ],
  });
}

const partySize = () => screen.getByLabelText<HTMLSelectElement>('Party size');

describe('where an event takes RSVPs', () => {
  it('a guest is offered to log in and come back; staff get nothing', async () => {
    const guest = renderWithApp(<RsvpSlot event={TASTING} open />, { url: '/events?month=6' });
    expect(screen.getByRole('link', { name: 'Log in to RSVP to Riesling Tasting' }).getAttribute('href')).toBe(
      '/login?return=%2Fevents%3Fmonth%3D6',
    );
    guest.unmount();

    const staff = renderWithApp(<RsvpSlot event={TASTING} open />, { url: '/events', session: 'admin' });
    expect(staff.container.textContent).toBe('');
  });
});

describe('the RSVP control', () => {
  it('offers a party of 1 up to the limit the event sets, and Confirm sends it', async () => {
    api.rsvp.mockResolvedValue({ data: rsvp({ partySize: 2 }) });
    api.myRsvps.mockResolvedValue({ data: [rsvp({ partySize: 2 })] });
    const { user } = renderControl(TASTING, []);
    const group = screen.getByRole('group', { name: 'RSVP: Riesling Tasting' });
    expect(Array.from(partySize().options, (option) => option.value)).toEqual(['1', '2', '3']);

    await user.selectOptions(partySize(), '2');
    await user.click(within(group).getByRole('button', { name: 'Confirm RSVP to Riesling Tasting' }));

    await findToast('Success', "You're going to Riesling Tasting, party of 2");
    expect(api.rsvp).toHaveBeenCalledExactlyOnceWith(
      { eventId: 'riesling', partySize: 2 },
      expect.objectContaining({ authMode: 'lambda' }),
    );
    // The customer's RSVPs are read again: the answer shows.
    expect(await screen.findByText("You're going, party of 2")).toBeTruthy();
  });

  it('a full event with a waiting list offers to join it', async () => {
    api.rsvp.mockResolvedValue({ data: rsvp({ partySize: 1, status: 'Waiting', waitingPosition: 1 }) });
    api.myRsvps.mockResolvedValue({ data: [] });
    const { user } = renderControl(FULL, []);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list RSVP to Riesling Tasting' }));
    await findToast('Success', "You're on the waiting list for Riesling Tasting");
  });

  it("shows the server's refusal beside the control", async () => {
    api.rsvp.mockResolvedValue({ data: null, errors: [{ message: RSVP_MESSAGES.onlyLeft(1) }] });
    api.myRsvps.mockResolvedValue({ data: [] });
    const { user } = renderControl(TASTING, []);
    await user.selectOptions(partySize(), '3');
    await user.click(screen.getByRole('button', { name: 'Confirm RSVP to Riesling Tasting' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RSVP_MESSAGES.onlyLeft(1));
    expect(partySize().value).toBe('3');
  });

  it('tells a customer with an unconfirmed address why they cannot answer yet', () => {
    renderControl(TASTING, [], { confirmed: false });
    expect(screen.queryByLabelText('Party size')).toBeNull();
    expect(screen.getByText(/Confirm your email address to RSVP/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'send it again from your account' }).getAttribute('href')).toBe('/account');
  });

  it('shows an answer with Change, which starts at the party given and saves only a different one', async () => {
    const { user } = renderControl(TASTING, [rsvp({ partySize: 2 })]);
    expect(screen.getByRole('group', { name: 'Your RSVP: Riesling Tasting' }).textContent).toContain("You're going, party of 2");

    await user.click(screen.getByRole('button', { name: 'Change your RSVP to Riesling Tasting' }));
    expect(partySize().value).toBe('2');
    const saveChange = screen.getByRole<HTMLButtonElement>('button', { name: 'Save change RSVP to Riesling Tasting' });
    expect(saveChange.disabled).toBe(true);
    await user.selectOptions(partySize(), '1');
    expect(saveChange.disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Keep party of 2' }));
    expect(screen.getByText("You're going, party of 2")).toBeTruthy();
    expect(api.rsvp).not.toHaveBeenCalled();
  });

  it('asks before cancelling: Escape closes the question and gives the focus back to Cancel', async () => {
    const { user } = renderControl(TASTING, [rsvp({ status: 'Waiting', waitingPosition: 2 })]);
    expect(screen.getByText("You're on the waiting list (number 2 in line), party of 2")).toBeTruthy();
    const cancel = screen.getByRole('button', { name: 'Cancel your RSVP to Riesling Tasting' });
    await user.click(cancel);
    expect(screen.getByRole('dialog', { name: 'Cancel your RSVP to Riesling Tasting?' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(cancel);
    expect(api.cancelMyRsvp).not.toHaveBeenCalled();
  });

  it('cancels once confirmed in the dialog', async () => {
    api.cancelMyRsvp.mockResolvedValue({ data: rsvp({ status: 'Cancelled' }) });
    api.myRsvps.mockResolvedValue({ data: [] });
    const { user } = renderControl(TASTING, [rsvp()]);
    await user.click(screen.getByRole('button', { name: 'Cancel your RSVP to Riesling Tasting' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel RSVP' }));

    await findToast('Success', 'Your RSVP to Riesling Tasting is cancelled');
    expect(api.cancelMyRsvp).toHaveBeenCalledExactlyOnceWith({ eventId: 'riesling' }, expect.anything());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing held any more: the control offers an answer again.
    expect(await screen.findByLabelText('Party size')).toBeTruthy();
  });

  it('a full event without a waiting list keeps Cancel but offers no Change; a past one offers nothing new', () => {
    const full = renderControl({ ...FULL, rsvpWaitingList: false }, [rsvp()]);
    expect(screen.getByRole('button', { name: 'Cancel your RSVP to Riesling Tasting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Change/ })).toBeNull();
    full.unmount();

    const past = renderControl(PAST, []);
    expect(past.container.textContent).toBe('');
  });
});
