/**
 * "Notify me when it's back" (decision 0328): a customer asks about a counted item at 0; when a
 * write leaves it above 0, each asker gets one e-mail and their request is gone. The rules are
 * shared/notify-me.ts; one service on two stores, as reservations are (decision 0313): SQLite
 * locally (sqlite-notify-store.ts), the reservations table in the cloud
 * (amplify/functions/common/dynamo-notify.ts).
 *
 * Exactly once: a request is taken with a conditional delete, and only the caller whose delete
 * removed it sends its mail, so two stock raises at once mail each asker once.
 */
import { customerOf, staffOf } from '../auth/callers';
import { canReserve, customerMailAddress, requiresConfirmedEmail } from '../../shared/account-rules';
import { PLAUSIBLE_ID } from '../../shared/catalogue';
import { isBackInStock, MAX_NOTIFY_REQUESTS, NOTIFY_MESSAGES, notifyRequestProblem } from '../../shared/notify-me';
import { mailErrorText, type Mailer } from '../accounts/mailer';
import { AppError, unauthorized, validationError } from '../errors';
import { backInStockMail } from './reservation-mails';
import type { ItemStock, ReservationCaller, ReserveRate, ReservingAccount } from './reservation-service';

export interface NotifyRequest {
  itemId: string;
  userId: string;
  createdAt: string;
}

export interface NotifyStore {
  items(ids: readonly string[]): Promise<ItemStock[]>;
  accounts(ids: readonly string[]): Promise<ReservingAccount[]>;
  /** Stores the request; false when the customer had already asked about the item. */
  add(request: NotifyRequest): Promise<boolean>;
  /** Removes the request; true only for the caller whose delete removed it (the conditional delete). */
  take(itemId: string, userId: string): Promise<boolean>;
  ofUser(userId: string): Promise<NotifyRequest[]>;
  askers(itemId: string): Promise<NotifyRequest[]>;
  /** Every open request (staff's demand list). */
  all(): Promise<NotifyRequest[]>;
}

/** The mail of an answered request; null: the shop sends no mail (no SMTP), requests stay. */
export interface NotifyMail {
  mailer: Mailer;
  siteOrigin: () => string | null;
}

/** Requests one customer may make: 10 at once, then one every 6 seconds (the throttle of server/accounts/throttle.ts). */
export const NOTIFY_RATE = { burst: 10, intervalMs: 6_000 };

export interface NotifyRequestView {
  itemId: string;
  name: string | null;
  stock: number | null;
  createdAt: string;
}

export interface NotifyDemandView {
  itemId: string;
  name: string | null;
  stock: number | null;
  count: number;
}

const itemIdOf = (value: unknown): string => {
  if (typeof value !== 'string' || !PLAUSIBLE_ID.test(value)) throw validationError(NOTIFY_MESSAGES.unknownItem);
  return value;
};

export class NotifyMeService {
  constructor(
    private readonly store: NotifyStore,
    private readonly mail: NotifyMail | null,
    private readonly rate: ReserveRate | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  async notifyMeWhenBack(caller: ReservationCaller | null, args: { itemId?: unknown }): Promise<boolean> {
    const { userId } = customerOf(caller, NOTIFY_MESSAGES);
    const itemId = itemIdOf(args.itemId);
    const [account] = await this.store.accounts([userId]);
    if (!account) throw unauthorized(NOTIFY_MESSAGES.signIn);
    if (!canReserve(account)) throw validationError(requiresConfirmedEmail(account)!);
    const [item] = await this.store.items([itemId]);
    if (!item) throw validationError(NOTIFY_MESSAGES.unknownItem);
    const problem = notifyRequestProblem(item.stock);
    if (problem) throw validationError(problem);
    if (this.rate) {
      const wait = await this.rate.take(userId);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AppError('TooManyRequests', NOTIFY_MESSAGES.rate(seconds === 1 ? '1 second' : `${seconds} seconds`), {
          retryAfterSeconds: seconds,
        });
      }
    }
    const mine = await this.store.ofUser(userId);
    if (mine.some((request) => request.itemId === itemId)) return true;
    if (mine.length >= MAX_NOTIFY_REQUESTS) throw validationError(NOTIFY_MESSAGES.tooMany(MAX_NOTIFY_REQUESTS));
    await this.store.add({ itemId, userId, createdAt: new Date(this.now()).toISOString() });
    return true;
  }

  async cancelNotifyMe(caller: ReservationCaller | null, args: { itemId?: unknown }): Promise<boolean> {
    const { userId } = customerOf(caller, NOTIFY_MESSAGES);
    await this.store.take(itemIdOf(args.itemId), userId);
    return true;
  }

  async myNotifyRequests(caller: ReservationCaller | null): Promise<NotifyRequestView[]> {
    const { userId } = customerOf(caller, NOTIFY_MESSAGES);
    const requests = await this.store.ofUser(userId);
    const items = new Map((await this.store.items(requests.map((request) => request.itemId))).map((item) => [item.id, item]));
    return requests
      .map((request) => {
        const item = items.get(request.itemId);
        return { itemId: request.itemId, name: item?.name ?? null, stock: item?.stock ?? null, createdAt: request.createdAt };
      })
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Staff: how many customers wait for each item, most asked first (no names: a demand list). */
  async notifyDemand(caller: ReservationCaller | null): Promise<NotifyDemandView[]> {
    staffOf(caller);
    const counts = new Map<string, number>();
    for (const request of await this.store.all()) counts.set(request.itemId, (counts.get(request.itemId) ?? 0) + 1);
    const items = new Map((await this.store.items([...counts.keys()])).map((item) => [item.id, item]));
    return [...counts]
      .map(([itemId, count]) => ({ itemId, count, name: items.get(itemId)?.name ?? null, stock: items.get(itemId)?.stock ?? null }))
      .sort((a, b) => b.count - a.count || (a.name ?? '').localeCompare(b.name ?? ''));
  }

  /**
   * After a write that may have raised these items' stock: each one whose counted stock is above
   * 0 now answers its askers, one mail per request this call took. Never throws (the write has
   * landed); returns how many mails it sent. Without SMTP nothing is taken: the requests wait.
   */
  async answerBackInStock(itemIds: readonly string[]): Promise<number> {
    if (!this.mail || itemIds.length === 0) return 0;
    let sent = 0;
    try {
      for (const item of await this.store.items([...new Set(itemIds)])) {
        if (!isBackInStock(item.stock)) continue;
        const askers = await this.store.askers(item.id);
        if (askers.length === 0) continue;
        const accounts = new Map(
          (await this.store.accounts(askers.map((request) => request.userId))).map((account) => [account.id, account]),
        );
        for (const request of askers) {
          if (!(await this.store.take(item.id, request.userId))) continue;
          const account = accounts.get(request.userId);
          // Only to an address the owner confirmed (decision 0369); the request is spent either way.
          const address = account && customerMailAddress(account);
          if (!address) continue;
          try {
            await this.mail.mailer.send(backInStockMail(item, address, this.mail.siteOrigin()));
            sent += 1;
          } catch (error) {
            console.error(`[notify-me] a back-in-stock e-mail was not sent: ${mailErrorText(error)}`);
          }
        }
      }
    } catch (error) {
      console.error(`[notify-me] back-in-stock requests were not answered: ${mailErrorText(error)}`);
    }
    return sent;
  }

  /** Deleting an account removes its requests (decision 0304). */
  async forgetCustomer(userId: string): Promise<void> {
    for (const request of await this.store.ofUser(userId)) await this.store.take(request.itemId, userId);
  }
}
