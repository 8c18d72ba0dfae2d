/**
 * How a feature of the shop declares itself (decision 0363): its operations (the schema's custom
 * queries and mutations it runs, who may call each, the handler and the activity entry it leaves),
 * the reactions it has to what happens elsewhere, and the schedules it runs. The composition
 * (compose-shop.ts) builds both backends from these declarations alone.
 */
import type { AccountService } from '../accounts/account-service';
import type { Outbox } from '../accounts/outbox';
import type { LockoutRule } from '../accounts/throttle';
import type { CustomActivity } from '../activity/custom-activity';
import type { ActivityRecorder } from '../activity/activity-recorder';
import type { Principal } from '../auth/authorizer';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { RequestContext } from '../graphql/request-context';
import type { ImageUploads } from '../media/images';
import type { WrittenModel } from '../model/model-writes';
import type { NotifyMeService } from '../reservations/notify-me-service';
import type { ReservationService } from '../reservations/reservation-service';
import type { RsvpService } from '../rsvps/rsvp-service';
import type { UserRecord } from '../accounts/account-store';
import type { TillInbox } from '../till/till-inbox';
import type { GoogleFeeds } from '../catalogue/google-feeds';
import type { ShopLambda } from './lambdas';
import type { ScheduleName } from './schedules';

/** The services the features run on; each backend builds them on its own stores (SQLite; DynamoDB and S3). */
export interface ShopServices {
  accounts: AccountService;
  catalogue: CatalogueService;
  images: ImageUploads;
  activity: ActivityRecorder;
  reservations: ReservationService;
  notify: NotifyMeService;
  rsvps: RsvpService;
  /** The mails kept without a mail server (decision 0366). */
  outbox: Outbox;
  /** The till's stock exports dropped into the till inbox (decision 0377). */
  tillInbox: TillInbox;
  /** Google's local inventory feeds (decision 0379). */
  googleFeeds: GoogleFeeds;
}

/**
 * Who may call an operation, as the authorizer decides it (server/auth/authorizer.ts):
 * `visitors` anyone, with the public API key (the schema must allow the key); `signedIn` any
 * signed-in caller, for their own account (the service refuses what is not theirs); `staff` admins.
 */
export type Callers = 'visitors' | 'signedIn' | 'staff';

export interface Operation {
  callers: Callers;
  run: (services: ShopServices, args: Record<string, unknown>, context: RequestContext) => unknown;
  /** The activity entry a staff change leaves (custom-activity.ts). */
  activity?: CustomActivity;
}

/** What a feature does when something happens in another part; each runs on both backends. */
export interface Reactions {
  /** A customer deletes their account: before the account goes, in feature order; a failure stops the deletion. */
  accountDeleted?: (services: ShopServices, userId: string) => unknown;
  /** Bottles came back to the shelf or were counted above 0 (a cancel, an expiry, an edit, a stock file). */
  stockBack?: (services: ShopServices, itemIds: string[]) => unknown;
  /** A model write landed (the generated create, update and delete mutations). */
  modelWritten?: (services: ShopServices, write: WrittenModel, caller: Principal | null) => unknown;
  /** An account's sign-ins started waiting (decision 0265's per-account ceiling). */
  signInsSlowed?: (services: ShopServices, user: UserRecord, rule: LockoutRule) => unknown;
}

export interface Feature {
  name: string;
  /** The cloud function that runs its operations and schedules. */
  lambda: ShopLambda;
  /** Keyed `Query.field` or `Mutation.field`, as the schema names them. */
  operations: Record<string, Operation>;
  reactions?: Reactions;
  /** Each runs with the time given (the cloud's scheduled event may name one) or the service's own clock. */
  schedules?: Partial<Record<ScheduleName, (services: ShopServices, now: Date | undefined) => Promise<unknown>>>;
}

/** The caller of a request, as the handlers pass it on to the services. */
export const callerOf = (context: RequestContext) => context.auth.principal;
