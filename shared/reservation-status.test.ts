import { describe, expect, it } from 'vitest';
import { PICKUP_MESSAGES } from './pickup-messages';
import {
  isOpenStatus,
  nextStatus,
  RESERVATION_ACTIONS,
  RESERVATION_STATUSES,
  type ReservationAction,
  type ReservationActor,
  type ReservationState,
  type ReservationStatus,
  type Transition,
  type TransitionInput,
} from './reservation-status';

const EXPIRES = '2026-05-14T01:00:00.000Z';
const AFTER_EXPIRY = new Date('2026-05-14T01:00:00.001Z');
const reservation = (
  status: ReservationStatus,
  lines = [
    { itemId: 'merlot', quantity: 5 },
    { itemId: 'gin', quantity: 2 },
  ],
): ReservationState => ({
  status,
  lines,
  expiresAt: EXPIRES,
});

/** Input every action accepts when it is allowed at all. */
const GOOD_INPUT: TransitionInput = { lowered: [], idChecked: true, reason: 'Customer called to cancel', now: AFTER_EXPIRY };
const ACTORS: ReservationActor[] = ['customer', 'admin', 'system'];

const refusal = (transition: Transition) => (transition.ok ? null : transition.message);
const returned = (transition: Transition) => (transition.ok ? transition.stockReturns : null);

/**
 * Every status, action and actor, written out by hand (not read from the module's own table):
 * a status name where the action goes through, a message where it is refused.
 */
const EXPECTED: Record<ReservationStatus, Record<ReservationAction, Record<ReservationActor, string>>> = {
  Requested: {
    markReady: { customer: PICKUP_MESSAGES.staffOnlyReady, admin: 'Ready', system: PICKUP_MESSAGES.staffOnlyReady },
    pickUp: { customer: PICKUP_MESSAGES.staffOnlyPickUp, admin: PICKUP_MESSAGES.notReadyYet, system: PICKUP_MESSAGES.staffOnlyPickUp },
    cancel: { customer: 'Cancelled', admin: 'Cancelled', system: PICKUP_MESSAGES.systemCannotCancel },
    expire: { customer: PICKUP_MESSAGES.systemOnlyExpire, admin: PICKUP_MESSAGES.systemOnlyExpire, system: 'Expired' },
  },
  Ready: {
    markReady: { customer: PICKUP_MESSAGES.staffOnlyReady, admin: PICKUP_MESSAGES.alreadyReady, system: PICKUP_MESSAGES.staffOnlyReady },
    pickUp: { customer: PICKUP_MESSAGES.staffOnlyPickUp, admin: 'PickedUp', system: PICKUP_MESSAGES.staffOnlyPickUp },
    cancel: { customer: 'Cancelled', admin: 'Cancelled', system: PICKUP_MESSAGES.systemCannotCancel },
    expire: { customer: PICKUP_MESSAGES.systemOnlyExpire, admin: PICKUP_MESSAGES.systemOnlyExpire, system: 'Expired' },
  },
  PickedUp: everyRefused(PICKUP_MESSAGES.alreadyPickedUp),
  Cancelled: everyRefused(PICKUP_MESSAGES.alreadyCancelled),
  Expired: everyRefused(PICKUP_MESSAGES.alreadyExpired),
};

function everyRefused(message: string): Record<ReservationAction, Record<ReservationActor, string>> {
  const all = { customer: message, admin: message, system: message };
  return { markReady: all, pickUp: all, cancel: all, expire: all };
}

describe('every status, action and actor', () => {
  for (const status of RESERVATION_STATUSES)
    for (const action of RESERVATION_ACTIONS)
      for (const actor of ACTORS) {
        const expected = EXPECTED[status][action][actor];
        const goes = (RESERVATION_STATUSES as readonly string[]).includes(expected);
        it(`${status}: ${actor} ${action} ${goes ? `-> ${expected}` : 'is refused'}`, () => {
          const transition = nextStatus(reservation(status), action, actor, GOOD_INPUT);
          if (goes) {
            expect(transition.ok).toBe(true);
            expect(transition.ok && transition.status).toBe(expected);
          } else {
            expect(refusal(transition)).toBe(expected);
          }
        });
      }

  it('open statuses are Requested and Ready', () => {
    expect(RESERVATION_STATUSES.filter(isOpenStatus)).toEqual(['Requested', 'Ready']);
  });

  it('refuses an action or actor it does not know, including names of Object.prototype', () => {
    const open = reservation('Requested');
    expect(refusal(nextStatus(open, 'refund' as ReservationAction, 'admin'))).toBe(PICKUP_MESSAGES.unknownAction);
    expect(refusal(nextStatus(open, '__proto__' as ReservationAction, 'admin'))).toBe(PICKUP_MESSAGES.unknownAction);
    expect(refusal(nextStatus(open, 'toString' as ReservationAction, 'admin'))).toBe(PICKUP_MESSAGES.unknownAction);
    expect(refusal(nextStatus(open, 'markReady', 'guest' as ReservationActor))).toBe(PICKUP_MESSAGES.staffOnlyReady);
    expect(refusal(nextStatus(open, 'cancel', '__proto__' as ReservationActor, GOOD_INPUT))).toBe(PICKUP_MESSAGES.notYours);
    expect(refusal(nextStatus(open, 'cancel', 'constructor' as ReservationActor, GOOD_INPUT))).toBe(PICKUP_MESSAGES.notYours);
  });
});

describe('Requested -> Ready: staff may lower lines, each with a note', () => {
  it('returns nothing when every line is picked as reserved', () => {
    const ready = nextStatus(reservation('Requested'), 'markReady', 'admin');
    expect(ready).toEqual({
      ok: true,
      status: 'Ready',
      lines: [
        { itemId: 'merlot', quantity: 5 },
        { itemId: 'gin', quantity: 2 },
      ],
      stockReturns: [],
      pickedUp: [],
      lineNotes: [],
      reason: null,
    });
  });

  it('returns what a line was lowered by, and keeps the note', () => {
    const ready = nextStatus(reservation('Requested'), 'markReady', 'admin', {
      lowered: [
        { itemId: 'merlot', quantity: 3, note: ' Only 3 on the shelf ' },
        { itemId: 'gin', quantity: 0, note: 'Broken bottle' },
      ],
    });
    expect(ready).toEqual({
      ok: true,
      status: 'Ready',
      lines: [
        { itemId: 'merlot', quantity: 3 },
        { itemId: 'gin', quantity: 0 },
      ],
      stockReturns: [
        { itemId: 'merlot', units: 2 },
        { itemId: 'gin', units: 2 },
      ],
      pickedUp: [],
      lineNotes: [
        { itemId: 'merlot', note: 'Only 3 on the shelf' },
        { itemId: 'gin', note: 'Broken bottle' },
      ],
      reason: null,
    });
  });

  it('does not change the reservation it was given', () => {
    const before = reservation('Requested');
    nextStatus(before, 'markReady', 'admin', { lowered: [{ itemId: 'merlot', quantity: 1, note: 'Only one' }] });
    expect(before.lines[0]).toEqual({ itemId: 'merlot', quantity: 5 });
  });

  it('refuses a lowering that is not one, or without a note, or of a line not there, or twice, or to nothing at all', () => {
    const lower = (lowered: TransitionInput['lowered']) => refusal(nextStatus(reservation('Requested'), 'markReady', 'admin', { lowered }));
    expect(lower([{ itemId: 'merlot', quantity: 5, note: 'Same' }])).toBe(PICKUP_MESSAGES.lowerNotLower);
    expect(lower([{ itemId: 'merlot', quantity: 6, note: 'More' }])).toBe(PICKUP_MESSAGES.lowerNotLower);
    expect(lower([{ itemId: 'merlot', quantity: -1, note: 'Less than none' }])).toBe(PICKUP_MESSAGES.lowerNotLower);
    expect(lower([{ itemId: 'merlot', quantity: 2.5, note: 'Half a bottle' }])).toBe(PICKUP_MESSAGES.lowerNotLower);
    expect(lower([{ itemId: 'merlot', quantity: 3, note: '' }])).toBe(PICKUP_MESSAGES.staffNoteRequired);
    expect(lower([{ itemId: 'merlot', quantity: 3, note: '  ' }])).toBe(PICKUP_MESSAGES.staffNoteRequired);
    expect(lower([{ itemId: 'merlot', quantity: 3, note: 'x'.repeat(301) }])).toBe(PICKUP_MESSAGES.staffNoteLength(300));
    expect(lower([{ itemId: 'rum', quantity: 0, note: 'Not ours' }])).toBe(PICKUP_MESSAGES.lowerUnknownLine);
    expect(
      lower([
        { itemId: 'merlot', quantity: 4, note: 'One short' },
        { itemId: 'merlot', quantity: 3, note: 'Two short' },
      ]),
    ).toBe(PICKUP_MESSAGES.lowerTwice);
    expect(
      lower([
        { itemId: 'merlot', quantity: 0, note: 'None left' },
        { itemId: 'gin', quantity: 0, note: 'None left' },
      ]),
    ).toBe(PICKUP_MESSAGES.lowerAllZero);
    expect(lower([null as never])).toBe(PICKUP_MESSAGES.lowerUnknownLine);
    expect(lower('merlot' as never)).toBe(PICKUP_MESSAGES.lowerUnknownLine);
  });
});

describe('Ready -> PickedUp: staff confirm "Photo ID checked, 21+"', () => {
  it('hands over only with the ID confirmed, and returns no stock', () => {
    for (const idChecked of [undefined, false, 'true' as never, 1 as never])
      expect(refusal(nextStatus(reservation('Ready'), 'pickUp', 'admin', { idChecked })), String(idChecked)).toBe(
        PICKUP_MESSAGES.idNotChecked,
      );
    const picked = nextStatus(reservation('Ready'), 'pickUp', 'admin', { idChecked: true });
    expect(picked.ok && picked.status).toBe('PickedUp');
    expect(returned(picked)).toEqual([]);
    // The bottles leave the shelf with the customer: off the count and the holds (decision 0367).
    expect(picked.ok && picked.pickedUp).toEqual([
      { itemId: 'merlot', units: 5 },
      { itemId: 'gin', units: 2 },
    ]);
  });

  it('hands over even after the expiry time while the job has not yet run (the status decides)', () => {
    const late = nextStatus(reservation('Ready'), 'pickUp', 'admin', { idChecked: true, now: AFTER_EXPIRY });
    expect(late.ok && late.status).toBe('PickedUp');
  });
});

describe('cancelling', () => {
  it('by the customer, from Requested or Ready, with or without a reason, returns every unit held', () => {
    for (const status of ['Requested', 'Ready'] as const) {
      const cancelled = nextStatus(reservation(status), 'cancel', 'customer');
      expect(cancelled).toEqual({
        ok: true,
        status: 'Cancelled',
        lines: reservation(status).lines,
        stockReturns: [
          { itemId: 'merlot', units: 5 },
          { itemId: 'gin', units: 2 },
        ],
        pickedUp: [],
        lineNotes: [],
        reason: null,
      });
      const withReason = nextStatus(reservation(status), 'cancel', 'customer', { reason: '  Plans changed ' });
      expect(withReason.ok && withReason.reason).toBe('Plans changed');
    }
  });

  it('by staff needs a reason, on one line, at most 300 characters', () => {
    for (const reason of [undefined, null, '', '   '])
      expect(refusal(nextStatus(reservation('Ready'), 'cancel', 'admin', { reason })), String(reason)).toBe(PICKUP_MESSAGES.reasonRequired);
    expect(refusal(nextStatus(reservation('Ready'), 'cancel', 'admin', { reason: 'x'.repeat(301) }))).toBe(
      PICKUP_MESSAGES.reasonLength(300),
    );
    expect(refusal(nextStatus(reservation('Ready'), 'cancel', 'admin', { reason: 'line\nbreak' }))).toBe(PICKUP_MESSAGES.oneLine);
    expect(refusal(nextStatus(reservation('Ready'), 'cancel', 'customer', { reason: 'x'.repeat(301) }))).toBe(
      PICKUP_MESSAGES.reasonLength(300),
    );
    expect(refusal(nextStatus(reservation('Ready'), 'cancel', 'customer', { reason: 42 as never }))).toBe(PICKUP_MESSAGES.oneLine);
    const cancelled = nextStatus(reservation('Ready'), 'cancel', 'admin', { reason: 'Customer called' });
    expect(cancelled.ok && cancelled.reason).toBe('Customer called');
  });

  it('returns nothing for a line lowered to 0', () => {
    const cancelled = nextStatus(
      reservation('Ready', [
        { itemId: 'merlot', quantity: 0 },
        { itemId: 'gin', quantity: 2 },
      ]),
      'cancel',
      'customer',
    );
    expect(returned(cancelled)).toEqual([{ itemId: 'gin', units: 2 }]);
  });
});

describe('expiring', () => {
  it('happens at or after expiresAt, never before, and returns every unit held', () => {
    const at = (iso: string) => nextStatus(reservation('Ready'), 'expire', 'system', { now: new Date(iso) });
    expect(refusal(at('2026-05-14T00:59:59.999Z'))).toBe(PICKUP_MESSAGES.notExpiredYet);
    const expired = at(EXPIRES);
    expect(expired.ok && expired.status).toBe('Expired');
    expect(returned(expired)).toEqual([
      { itemId: 'merlot', units: 5 },
      { itemId: 'gin', units: 2 },
    ]);
    expect(returned(nextStatus(reservation('Requested'), 'expire', 'system', { now: AFTER_EXPIRY }))).toHaveLength(2);
  });

  it('refuses without a clock or with an unreadable expiry time', () => {
    expect(refusal(nextStatus(reservation('Ready'), 'expire', 'system'))).toBe(PICKUP_MESSAGES.notExpiredYet);
    expect(refusal(nextStatus(reservation('Ready'), 'expire', 'system', { now: new Date(Number.NaN) }))).toBe(
      PICKUP_MESSAGES.notExpiredYet,
    );
    expect(refusal(nextStatus({ ...reservation('Ready'), expiresAt: 'never' }, 'expire', 'system', { now: AFTER_EXPIRY }))).toBe(
      PICKUP_MESSAGES.notExpiredYet,
    );
  });
});

describe('stock goes back exactly once', () => {
  /** Applies an action and sums up what went back, as the server would. */
  function run(state: ReservationState, steps: Array<[ReservationAction, ReservationActor, TransitionInput?]>) {
    const back = new Map<string, number>();
    const outcomes: string[] = [];
    for (const [action, actor, input] of steps) {
      const transition = nextStatus(state, action, actor, input ?? GOOD_INPUT);
      outcomes.push(transition.ok ? transition.status : transition.message);
      if (!transition.ok) continue;
      for (const { itemId, units } of transition.stockReturns) back.set(itemId, (back.get(itemId) ?? 0) + units);
      state = { ...state, status: transition.status, lines: transition.lines };
    }
    return { state, back: Object.fromEntries(back), outcomes };
  }

  it('cancelling twice: the second is refused and returns nothing', () => {
    const { back, outcomes } = run(reservation('Requested'), [
      ['cancel', 'customer'],
      ['cancel', 'customer'],
      ['cancel', 'admin'],
    ]);
    expect(outcomes).toEqual(['Cancelled', PICKUP_MESSAGES.alreadyCancelled, PICKUP_MESSAGES.alreadyCancelled]);
    expect(back).toEqual({ merlot: 5, gin: 2 });
  });

  it('the job after a cancel, and a cancel after the job, are refused', () => {
    expect(
      run(reservation('Ready'), [
        ['cancel', 'customer'],
        ['expire', 'system'],
      ]).back,
    ).toEqual({ merlot: 5, gin: 2 });
    const expiredFirst = run(reservation('Ready'), [
      ['expire', 'system'],
      ['cancel', 'customer'],
      ['expire', 'system'],
    ]);
    expect(expiredFirst.outcomes).toEqual(['Expired', PICKUP_MESSAGES.alreadyExpired, PICKUP_MESSAGES.alreadyExpired]);
    expect(expiredFirst.back).toEqual({ merlot: 5, gin: 2 });
  });

  it('a lowered line returns its difference, then only what it still holds', () => {
    const lowered: TransitionInput = { lowered: [{ itemId: 'merlot', quantity: 2, note: 'Only 2 left' }] };
    const cancelled = run(reservation('Requested'), [
      ['markReady', 'admin', lowered],
      ['markReady', 'admin', lowered],
      ['cancel', 'customer'],
    ]);
    expect(cancelled.outcomes).toEqual(['Ready', PICKUP_MESSAGES.alreadyReady, 'Cancelled']);
    expect(cancelled.back).toEqual({ merlot: 5, gin: 2 });
    const picked = run(reservation('Requested'), [
      ['markReady', 'admin', lowered],
      ['pickUp', 'admin'],
      ['cancel', 'customer'],
      ['expire', 'system'],
    ]);
    expect(picked.outcomes).toEqual(['Ready', 'PickedUp', PICKUP_MESSAGES.alreadyPickedUp, PICKUP_MESSAGES.alreadyPickedUp]);
    expect(picked.back).toEqual({ merlot: 3 });
    expect(picked.state.lines).toEqual([
      { itemId: 'merlot', quantity: 2 },
      { itemId: 'gin', quantity: 2 },
    ]);
  });

  it('over any sequence of actions, what went back plus what is held or was sold is what was reserved', () => {
    // A small seeded generator, so a failure can be replayed.
    let seed = 20260308;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const inputs: TransitionInput[] = [
      GOOD_INPUT,
      {},
      { lowered: [{ itemId: 'merlot', quantity: 1, note: 'Short' }] },
      { lowered: [{ itemId: 'gin', quantity: 0, note: 'Out' }], idChecked: true },
      { now: new Date('2026-05-13T00:00:00Z'), reason: 'Early' },
    ];
    for (let round = 0; round < 500; round++) {
      const steps = Array.from({ length: 1 + random(6) }, (): [ReservationAction, ReservationActor, TransitionInput] => [
        RESERVATION_ACTIONS[random(4)]!,
        ACTORS[random(3)]!,
        inputs[random(inputs.length)]!,
      ]);
      const { state, back } = run(reservation('Requested'), steps);
      const held = Object.fromEntries(state.lines.map((line) => [line.itemId, line.quantity]));
      const stillCounted = state.status === 'Cancelled' || state.status === 'Expired' ? { merlot: 0, gin: 0 } : held;
      expect(
        { merlot: (back.merlot ?? 0) + stillCounted.merlot!, gin: (back.gin ?? 0) + stillCounted.gin! },
        JSON.stringify(steps),
      ).toEqual({
        merlot: 5,
        gin: 2,
      });
    }
  });
});
