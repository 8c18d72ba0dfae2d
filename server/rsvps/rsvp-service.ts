/**
 * RSVPs to shop events and tastings (product §12, decisions 0343-0349): a customer's answer with a
 * party size, the waiting list, staff's guest list and check-in, cancelling an event, and the
 * day-before reminder. The rules are shared/rsvp-rules.ts; this service reads, decides with them
 * and hands each change to an RsvpStore that applies it in one step: one SQLite transaction locally
 * (sqlite-rsvp-store.ts), one DynamoDB transaction in the cloud
 * (amplify/functions/common/dynamo-rsvps.ts), as reservations are (decision 0313).
 *
 * Capacity (design §7: the condition belongs in the write; decision 0344): the places taken are a
 * counter on the Event (rsvpTaken). Taking places raises it only while it stays within the
 * capacity read; a Waiting answer is stored only while the party still does not fit. Each RSVP is
 * written on the condition that it is still the version read (its updatedAt), so of two answers at
 * once one lands and the other is decided again with what it finds.
 */
import { customerOf, staffOf } from '../auth/callers';
import { createHash } from 'node:crypto';
import { canReserve, customerMailAddress, requiresConfirmedEmail } from '../../shared/account-rules';
import { PLAUSIBLE_ID } from '../../shared/catalogue';
import {
  eventStartInstant,
  MAX_CANCEL_REASON_LENGTH,
  partySizeProblem,
  placesLeft,
  promotions,
  rsvpClosedProblem,
  RSVP_MESSAGES,
  rsvpOutcome,
  rsvpReminderDueAt,
} from '../../shared/rsvp-rules';
import type { CalendarShop } from '../../shared/event-calendar';
import { addDays, newYorkTime } from '../../shared/shop-hours';
import { mailErrorText, type Mailer, type MailMessage } from '../accounts/mailer';
import type { ActivityFacts } from '../activity/activity-log';
import { AppError, unauthorized, validationError } from '../errors';
import type { ReservationCaller, ReserveRate, ReservingAccount } from '../reservations/reservation-service';
import { rsvpMail, type RsvpMailKind } from './rsvp-mails';
import type { RsvpEventRecord, StoredRsvp } from './rsvp-types';

export const RSVP_SERVICE_MESSAGES = {
  signIn: 'Sign in to RSVP',
  customersOnly: "RSVPs are for customers' accounts; staff answer for nobody",
  busy: 'Many customers are answering right now. Please try again.',
  rate: (wait: string) => `Too many answers at once. Try again in ${wait}.`,
  deletedAccount: 'Deleted account',
} as const;

/**
 * How a write moves the event's places (rsvpTaken), and what must hold of them:
 * - take: raise by `places` only while the capacity is still `capacity`, the event is not
 *   cancelled and the places stay within it;
 * - free: lower by `places` (an event deleted meanwhile is left alone);
 * - wait: nothing moves, only while the capacity is still `capacity` and `partySize` still does not fit;
 * - none: nothing moves.
 */
export type PlaceChange =
  | { kind: 'take'; places: number; capacity: number }
  | { kind: 'free'; places: number }
  | { kind: 'wait'; partySize: number; capacity: number }
  | { kind: 'none' };

export interface RsvpStore {
  /** The shop's name and address for the calendar file (ShopSettings 'shop'), or null. */
  shopSettings(): Promise<{ name?: string | null; address?: string | null } | null>;
  events(ids: readonly string[]): Promise<RsvpEventRecord[]>;
  accounts(ids: readonly string[]): Promise<ReservingAccount[]>;
  get(id: string): Promise<StoredRsvp | null>;
  ofUser(userId: string): Promise<StoredRsvp[]>;
  ofEvent(eventId: string): Promise<StoredRsvp[]>;
  /** Going RSVPs whose reminder has not gone out, of the events on `dates` (YYYY-MM-DD). */
  unreminded(dates: readonly string[]): Promise<StoredRsvp[]>;
  /**
   * In one step: stores `next` only while the stored RSVP's updatedAt is still `expected` (null: no
   * RSVP stored under its id), and moves the event's places as `change` says, on its conditions.
   * False (nothing written) when a condition failed.
   */
  write(next: StoredRsvp, expected: string | null, change: PlaceChange): Promise<boolean>;
  /** Sets the event's cancelledAt only while it has none; false when it had one (or is gone). */
  cancelEvent(eventId: string, cancelledAt: string): Promise<boolean>;
}

/** The RSVP e-mails (decision 0346): the shop's SMTP set-up when it has one. */
export interface RsvpMail {
  mailer: Mailer;
  /** The site's origin for the event page's link, when known. */
  siteOrigin: () => string | null;
}

/** The activity log's part the service writes to. */
export interface RsvpActivity {
  recordBy(facts: ActivityFacts, actor: { userId: string; name: string }): void | Promise<void>;
}

export type RsvpView = Omit<StoredRsvp, 'waitingSince' | 'remindedAt'> & {
  eventName: string;
  eventDate: string;
  eventTime: string | null;
  waitingPosition: number | null;
  customerName?: string | null;
  customerEmail?: string | null;
};

/** Answers one customer may give: 10 at once, then one every 6 seconds (as "notify me"; the throttle of server/accounts/throttle.ts). */
export const RSVP_RATE = { burst: 10, intervalMs: 6_000 };
/** How often an answer reads again and decides again when its write's condition failed. */
const ATTEMPTS = 8;

/** One RSVP per customer and event: its id is drawn from both, so two answers at once meet on one record. */
export const rsvpIdOf = (eventId: string, userId: string) =>
  `r${createHash('sha256').update(`${eventId}\n${userId}`).digest('hex').slice(0, 31)}`;

function stampAfter(now: number, previous: string | null): string {
  const prev = previous ? Date.parse(previous) : Number.NaN;
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

/** A cancel's note or message: trimmed, null when empty; refused when not text or too long. */
function cancelText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || [...value].length > MAX_CANCEL_REASON_LENGTH) throw validationError(RSVP_MESSAGES.reasonLength);
  return value.trim() || null;
}

/** Waiting RSVPs in line order: who joined first, ties by id. */
const inLine = (rsvps: readonly StoredRsvp[]) =>
  rsvps
    .filter((rsvp) => rsvp.status === 'Waiting')
    .sort((a, b) => (a.waitingSince ?? '').localeCompare(b.waitingSince ?? '') || a.id.localeCompare(b.id));

const active = (rsvp: StoredRsvp | null): rsvp is StoredRsvp => rsvp !== null && rsvp.status !== 'Cancelled';

export class RsvpService {
  constructor(
    private readonly store: RsvpStore,
    private readonly activity: RsvpActivity | null,
    private readonly rate: ReserveRate | null = null,
    private readonly now: () => number = Date.now,
    private readonly mail: RsvpMail | null = null,
  ) {}

  // --- The customer's answers -----------------------------------------------------------------

  /**
   * Creates or changes the caller's RSVP: Going when the party fits, Waiting when the event is full
   * and keeps a waiting list, else refused. A guest already coming who asks for more than fits
   * keeps their places. Mails the confirmation (with the event's calendar file) on a new Going.
   */
  async rsvp(caller: ReservationCaller | null, args: { eventId?: unknown; partySize?: unknown }): Promise<RsvpView> {
    const { userId } = customerOf(caller, RSVP_SERVICE_MESSAGES);
    const event = await this.eventOf(args.eventId);
    const [account] = await this.store.accounts([userId]);
    if (!account) throw unauthorized(RSVP_SERVICE_MESSAGES.signIn);
    if (!canReserve(account)) throw validationError(requiresConfirmedEmail(account)!);
    await this.takeRate(userId);
    const partySize = args.partySize;
    let current = event;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const closed = rsvpClosedProblem(current, this.now());
      if (closed) throw validationError(closed);
      const sizeProblem = partySizeProblem(current, partySize);
      if (sizeProblem) throw validationError(sizeProblem);
      const size = partySize as number;
      const id = rsvpIdOf(current.id, userId);
      const stored = await this.store.get(id);
      const mine = active(stored) ? stored : null;
      const capacity = current.rsvpCapacity ?? 0;
      const ownPlaces = mine?.status === 'Going' ? mine.partySize : 0;
      const free = placesLeft(current) + ownPlaces;
      const outcome = rsvpOutcome(current, size, free, mine?.status ?? null);
      if ('refused' in outcome) throw validationError(outcome.refused);
      const stamp = stampAfter(this.now(), stored?.updatedAt ?? null);
      const next: StoredRsvp = {
        id,
        eventId: current.id,
        userId,
        partySize: size,
        status: outcome.status,
        waitingSince: outcome.status === 'Waiting' ? (mine?.status === 'Waiting' ? mine.waitingSince : stamp) : null,
        checkedInAt: mine?.checkedInAt ?? null,
        remindedAt: mine?.status === 'Going' && outcome.status === 'Going' ? mine.remindedAt : null,
        createdAt: mine?.createdAt ?? stamp,
        updatedAt: stamp,
      };
      const delta = (outcome.status === 'Going' ? size : 0) - ownPlaces;
      const change: PlaceChange =
        delta > 0
          ? { kind: 'take', places: delta, capacity }
          : delta < 0
            ? { kind: 'free', places: -delta }
            : outcome.status === 'Waiting'
              ? { kind: 'wait', partySize: size, capacity }
              : { kind: 'none' };
      if (await this.store.write(next, stored?.updatedAt ?? null, change)) {
        if (next.status === 'Going' && mine?.status !== 'Going') await this.mailTo('confirmed', next, current, account);
        if (delta < 0) await this.moveWaitingList(current.id);
        return this.viewOf(next, current);
      }
      current = await this.eventOf(current.id);
    }
    throw new AppError('TooManyRequests', RSVP_SERVICE_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /** Cancels the caller's RSVP; its places go to the waiting list, which moves up once. */
  async cancelMyRsvp(caller: ReservationCaller | null, args: { eventId?: unknown }): Promise<RsvpView> {
    const { userId } = customerOf(caller, RSVP_SERVICE_MESSAGES);
    const event = await this.eventOf(args.eventId);
    const cancelled = await this.cancel(rsvpIdOf(event.id, userId), event);
    if (!cancelled) throw new AppError('NotFound', RSVP_MESSAGES.noRsvp);
    return this.viewOf(cancelled, event);
  }

  async myRsvps(caller: ReservationCaller | null): Promise<RsvpView[]> {
    const { userId } = customerOf(caller, RSVP_SERVICE_MESSAGES);
    const mine = (await this.store.ofUser(userId)).filter(active);
    const events = new Map((await this.store.events([...new Set(mine.map((rsvp) => rsvp.eventId))])).map((event) => [event.id, event]));
    const views = await Promise.all(
      mine.filter((rsvp) => events.has(rsvp.eventId)).map((rsvp) => this.viewOf(rsvp, events.get(rsvp.eventId)!)),
    );
    return views.sort(
      (a, b) => a.eventDate.localeCompare(b.eventDate) || (a.eventTime ?? '').localeCompare(b.eventTime ?? '') || a.id.localeCompare(b.id),
    );
  }

  // --- Staff ------------------------------------------------------------------------------------

  /** Staff: who is coming (in the order they answered), then who waits (in line order), with name and e-mail. */
  async eventRsvps(caller: ReservationCaller | null, args: { eventId?: unknown }): Promise<RsvpView[]> {
    staffOf(caller);
    const event = await this.eventOf(args.eventId);
    const all = await this.store.ofEvent(event.id);
    const going = all
      .filter((rsvp) => rsvp.status === 'Going')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    const shown = [...going, ...inLine(all)];
    const accounts = new Map((await this.store.accounts(shown.map((rsvp) => rsvp.userId))).map((account) => [account.id, account]));
    const line = inLine(all);
    return shown.map((rsvp) => {
      const account = accounts.get(rsvp.userId);
      return {
        ...this.baseView(rsvp, event, line),
        customerName: account?.name ?? RSVP_SERVICE_MESSAGES.deletedAccount,
        customerEmail: account?.email ?? null,
      };
    });
  }

  /** Staff, on the day: a guest coming arrived (or the mark is taken back). */
  async checkInRsvp(caller: ReservationCaller | null, args: { id?: unknown; checkedIn?: unknown }): Promise<RsvpView> {
    const admin = staffOf(caller);
    if (typeof args.checkedIn !== 'boolean') throw validationError(RSVP_MESSAGES.flag('checkedIn'));
    if (typeof args.id !== 'string' || !PLAUSIBLE_ID.test(args.id)) throw new AppError('NotFound', RSVP_MESSAGES.noSuchRsvp);
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await this.store.get(args.id);
      if (!stored) throw new AppError('NotFound', RSVP_MESSAGES.noSuchRsvp);
      if (stored.status !== 'Going') throw validationError(RSVP_MESSAGES.checkInNotGoing);
      const [event] = await this.store.events([stored.eventId]);
      if (!event) throw new AppError('NotFound', RSVP_MESSAGES.noEvent);
      const stamp = stampAfter(this.now(), stored.updatedAt);
      const checkedInAt = args.checkedIn ? (stored.checkedInAt ?? stamp) : null;
      if (checkedInAt === stored.checkedInAt) return this.viewOf(stored, event, true);
      const next = { ...stored, checkedInAt, updatedAt: stamp };
      if (await this.store.write(next, stored.updatedAt, { kind: 'none' })) {
        await this.log(event, args.checkedIn ? 'check-in' : 'check-in-undone', { userId: admin.userId, name: admin.name }, stored, next);
        return this.viewOf(next, event, true);
      }
    }
    throw new AppError('TooManyRequests', RSVP_SERVICE_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /**
   * Staff: cancels the event (decision 0348): marks it cancelled, cancels every RSVP and mails each
   * guest once (the RSVP's own conditional write decides who mails). Called again on an event
   * already cancelled, it finishes what a first call left undone and mails nobody twice.
   */
  async cancelEvent(
    caller: ReservationCaller | null,
    args: { id?: unknown; reason?: unknown; message?: unknown },
  ): Promise<RsvpEventRecord> {
    const admin = staffOf(caller);
    // Staff's note stays with staff (the activity log); only the message goes to the guests (decision 0368).
    const reason = cancelText(args.reason);
    const message = cancelText(args.message);
    const event = await this.eventOf(args.id);
    const stamp = new Date(this.now()).toISOString();
    if (await this.store.cancelEvent(event.id, stamp)) {
      try {
        await this.activity?.recordBy(
          {
            kind: 'event',
            action: 'cancel',
            targetId: event.id,
            targetName: event.name,
            changes: [
              { field: 'cancelledAt', before: null, after: stamp },
              ...(reason ? [{ field: 'reason', before: null, after: reason }] : []),
              ...(message ? [{ field: 'message to guests', before: null, after: message }] : []),
            ],
          },
          { userId: admin.userId, name: admin.name },
        );
      } catch (error) {
        console.error('[activity] event cancel was not recorded', error);
      }
    }
    const cancelled = await this.eventOf(event.id);
    await this.cancelAll(cancelled, false, message);
    return cancelled;
  }

  /**
   * An event deleted with RSVPs (decision 0348): each guest is mailed as for a cancelled event.
   * `event` is the record as it was; the places are not moved (it is gone).
   */
  async eventDeleted(event: RsvpEventRecord): Promise<void> {
    await this.cancelAll(event, true, null);
  }

  /** The account is being deleted: its RSVPs are cancelled, their places go to the waiting lists. */
  async cancelForDeletedAccount(userId: string): Promise<void> {
    for (const rsvp of (await this.store.ofUser(userId)).filter(active)) {
      const [event] = await this.store.events([rsvp.eventId]);
      await this.cancel(rsvp.id, event ?? null);
    }
  }

  // --- The reminder (decision 0347) ---------------------------------------------------------------

  /**
   * Mails each Going guest whose event's reminder is due at `now` (from 10:00 New York time the day
   * before, until the event starts) and who has had none; the local server runs it on a timer,
   * the cloud from a schedule. Each RSVP is marked with a conditional write first, and only the
   * run whose mark landed mails, so two runs at once send one reminder. Returns how many it sent.
   */
  async sendRsvpReminders(now: Date = new Date(this.now())): Promise<number> {
    const at = now.getTime();
    // A reminder due and its event not started: the event is today or tomorrow in New York.
    const today = newYorkTime(now).date;
    const due = await this.store.unreminded([today, addDays(today, 1)]);
    const events = new Map((await this.store.events([...new Set(due.map((rsvp) => rsvp.eventId))])).map((event) => [event.id, event]));
    let sent = 0;
    for (const rsvp of due) {
      const event = events.get(rsvp.eventId);
      if (!event || event.cancelledAt || !event.takesRsvp) continue;
      const start = eventStartInstant(event);
      if (start === null || at >= start || at < rsvpReminderDueAt(event)) continue;
      const next = { ...rsvp, remindedAt: now.toISOString(), updatedAt: stampAfter(at, rsvp.updatedAt) };
      if (!(await this.store.write(next, rsvp.updatedAt, { kind: 'none' }))) continue;
      sent += 1;
      await this.mailTo('reminder', next, event);
    }
    return sent;
  }

  // --- Inside -----------------------------------------------------------------------------------

  private async eventOf(id: unknown): Promise<RsvpEventRecord> {
    const event = typeof id === 'string' && PLAUSIBLE_ID.test(id) ? (await this.store.events([id]))[0] : undefined;
    if (!event) throw new AppError('NotFound', RSVP_MESSAGES.noEvent);
    return event;
  }

  private async takeRate(userId: string): Promise<void> {
    if (!this.rate) return;
    const wait = await this.rate.take(userId);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new AppError('TooManyRequests', RSVP_SERVICE_MESSAGES.rate(seconds === 1 ? '1 second' : `${seconds} seconds`), {
        retryAfterSeconds: seconds,
      });
    }
  }

  /**
   * Cancels one RSVP on the condition that it is still the version read, frees its places and moves
   * the waiting list. Null when there is no active RSVP. The customer (or their account's deletion)
   * cancelled it: nobody is mailed.
   */
  private async cancel(id: string, event: RsvpEventRecord | null): Promise<StoredRsvp | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const stored = await this.store.get(id);
      if (!active(stored)) return null;
      const next: StoredRsvp = { ...stored, status: 'Cancelled', waitingSince: null, updatedAt: stampAfter(this.now(), stored.updatedAt) };
      const change: PlaceChange = stored.status === 'Going' && event ? { kind: 'free', places: stored.partySize } : { kind: 'none' };
      if (await this.store.write(next, stored.updatedAt, change)) {
        if (event && stored.status === 'Going') await this.moveWaitingList(event.id);
        return next;
      }
    }
    throw new AppError('TooManyRequests', RSVP_SERVICE_MESSAGES.busy, { retryAfterSeconds: 1 });
  }

  /**
   * The waiting list moves up once (decision 0345): in line order, each waiting party that fits in
   * the places free now becomes Going, each by its own conditional write (still Waiting, places
   * still free), and is mailed. Two moves at once promote nobody twice.
   */
  private async moveWaitingList(eventId: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [event] = await this.store.events([eventId]);
      if (!event || rsvpClosedProblem(event, this.now())) return;
      const line = inLine(await this.store.ofEvent(eventId));
      const [first] = promotions(line, placesLeft(event));
      if (!first) return;
      const next: StoredRsvp = {
        ...first,
        status: 'Going',
        waitingSince: null,
        remindedAt: null,
        updatedAt: stampAfter(this.now(), first.updatedAt),
      };
      if (await this.store.write(next, first.updatedAt, { kind: 'take', places: first.partySize, capacity: event.rsvpCapacity ?? 0 })) {
        await this.mailTo('promoted', next, event);
        attempt = -1;
      }
    }
  }

  /** Cancels every active RSVP of the event, mailing each guest whose cancelling this call wrote. */
  private async cancelAll(event: RsvpEventRecord, deleted: boolean, reason: string | null): Promise<void> {
    for (const rsvp of (await this.store.ofEvent(event.id)).filter(active)) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const stored = await this.store.get(rsvp.id);
        if (!active(stored)) break;
        const next: StoredRsvp = {
          ...stored,
          status: 'Cancelled',
          waitingSince: null,
          updatedAt: stampAfter(this.now(), stored.updatedAt),
        };
        const change: PlaceChange = stored.status === 'Going' && !deleted ? { kind: 'free', places: stored.partySize } : { kind: 'none' };
        if (await this.store.write(next, stored.updatedAt, change)) {
          await this.mailTo('eventCancelled', next, event, undefined, reason);
          break;
        }
      }
    }
  }

  private baseView(rsvp: StoredRsvp, event: RsvpEventRecord, line: readonly StoredRsvp[]): RsvpView {
    const { waitingSince: _waitingSince, remindedAt: _remindedAt, ...fields } = rsvp;
    const position = rsvp.status === 'Waiting' ? line.findIndex((entry) => entry.id === rsvp.id) + 1 : 0;
    return {
      ...fields,
      eventName: event.name,
      eventDate: event.date,
      eventTime: event.time ?? null,
      waitingPosition: position > 0 ? position : null,
    };
  }

  private async viewOf(rsvp: StoredRsvp, event: RsvpEventRecord, staff = false): Promise<RsvpView> {
    const line = rsvp.status === 'Waiting' ? inLine(await this.store.ofEvent(event.id)) : [];
    const view = this.baseView(rsvp, event, line);
    if (!staff) return view;
    const [account] = await this.store.accounts([rsvp.userId]);
    return { ...view, customerName: account?.name ?? RSVP_SERVICE_MESSAGES.deletedAccount, customerEmail: account?.email ?? null };
  }

  /**
   * Mails the customer, when the shop sends mail and the account still exists. A mail that fails is
   * logged (the RSVP id and the error, no text of anyone's) and never fails the change.
   */
  private async mailTo(
    kind: RsvpMailKind,
    rsvp: StoredRsvp,
    event: RsvpEventRecord,
    account?: ReservingAccount,
    reason: string | null = null,
  ): Promise<void> {
    if (!this.mail) return;
    try {
      const owner = account ?? (await this.store.accounts([rsvp.userId]))[0];
      // Only to an address the owner confirmed, never one typed since (decision 0369).
      const to = owner && customerMailAddress(owner);
      if (!to) return;
      const message: MailMessage = rsvpMail(kind, {
        rsvp,
        event,
        to,
        shop: await this.shop(),
        siteOrigin: this.mail.siteOrigin(),
        reason,
      });
      await this.mail.mailer.send(message);
    } catch (error) {
      console.error(`[rsvps] the ${kind} e-mail of RSVP ${rsvp.id} was not sent: ${mailErrorText(error)}`);
    }
  }

  private async shop(): Promise<Partial<CalendarShop> | null> {
    const settings = await this.store.shopSettings();
    return settings ? { name: settings.name ?? undefined, address: settings.address ?? undefined } : null;
  }

  /** Staff's check-ins in the activity log (kind event); customers' own answers are theirs, not the shop's changes. */
  private async log(
    event: RsvpEventRecord,
    action: string,
    by: { userId: string; name: string },
    before: StoredRsvp,
    after: StoredRsvp,
  ): Promise<void> {
    if (!this.activity) return;
    try {
      await this.activity.recordBy(
        {
          kind: 'event',
          action,
          targetId: event.id,
          targetName: event.name,
          changes: [{ field: 'checkedInAt', before: before.checkedInAt, after: after.checkedInAt }],
        },
        by,
      );
    } catch (error) {
      // The change itself landed; saying it failed would be false. The operator sees the gap.
      console.error(`[activity] RSVP ${action} was not recorded`, error);
    }
  }
}
