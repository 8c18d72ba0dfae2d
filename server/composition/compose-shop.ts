/**
 * One composition of the shop for both backends (decision 0363). From the features' declarations
 * (shop-features.ts) it builds the handler of every custom operation, with the activity entry the
 * operation declares, and joins each service's events to the features' reactions: an account
 * deleted, bottles back on the shelf, a model written, an account's sign-ins slowed, a schedule's
 * turn. The local server and every Lambda function hand it the services they build on their own
 * stores; nothing else wires one part to another.
 */
import { operatorLine } from '../../shared/log-line';
import type { Principal } from '../auth/authorizer';
import type { CustomHandler } from '../graphql/request-context';
import type { WrittenModel } from '../model/model-writes';
import { callerOf, type Feature, type Reactions, type ShopServices } from './feature';
import { ACCOUNTS_FUNCTION, type ShopLambda } from './lambdas';
import type { ScheduleName } from './schedules';
import { SHOP_FEATURES } from './shop-features';

/** How a backend builds each service; given the composed services, so one may use another (the activity log). */
export type ServiceFactories = { [Name in keyof ShopServices]?: (services: ShopServices) => ShopServices[Name] };

/** An operator line about a reaction that failed after its cause had landed. */
export type ReactionLog = (message: string, error: unknown) => void;

export interface Shop {
  /** The services, each built on first use and joined to the reactions as it is built. */
  services: ShopServices;
  /** Every custom operation's handler, keyed `Type.field`. */
  handlers: Record<string, CustomHandler>;
  /** After a model write landed: its reactions (the activity entry among them); false when one failed (it is logged). */
  modelWritten(write: WrittenModel, caller: Principal | null): Promise<boolean>;
  /** Runs a schedule's work as at `now` (or the services' own clock). */
  runSchedule(name: ScheduleName, now?: Date): Promise<unknown>;
}

const defaultLog: ReactionLog = (message, error) => console.error(operatorLine('shop', message, error));

/** Every operation of the features, keyed `Type.field`; a name declared twice is a mistake caught at start. */
export function operationsOf(features: readonly Feature[] = SHOP_FEATURES) {
  const operations = new Map<string, Feature['operations'][string] & { feature: Feature }>();
  for (const feature of features) {
    for (const [field, operation] of Object.entries(feature.operations)) {
      if (operations.has(field)) throw new Error(`${field} is declared by two features`);
      operations.set(field, { ...operation, feature });
    }
  }
  return operations;
}

/** The operations a cloud function serves. */
export const servedFields = (lambda: ShopLambda, features: readonly Feature[] = SHOP_FEATURES): ReadonlySet<string> =>
  new Set([...operationsOf(features)].filter(([, operation]) => operation.feature.lambda === lambda).map(([field]) => field));

/** What any signed-in caller may call for their own account (the authorizer's self-service fields). */
export const SELF_SERVICE_FIELDS: ReadonlySet<string> = new Set(
  [...operationsOf()].filter(([, operation]) => operation.callers === 'signedIn').map(([field]) => field),
);

/** The account feature's mutations (bcrypt, sessions): the local engine allows one per request. */
export const ACCOUNT_MUTATIONS: ReadonlySet<string> = new Set(
  [...operationsOf()]
    .filter(([field, operation]) => operation.feature.lambda === ACCOUNTS_FUNCTION && field.startsWith('Mutation.'))
    .map(([field]) => field.slice('Mutation.'.length)),
);

export function composeShop(factories: ServiceFactories, { log = defaultLog, features = SHOP_FEATURES } = {}): Shop {
  const reactionsTo = <Kind extends keyof Reactions>(kind: Kind) =>
    features.flatMap((feature) => {
      const react = feature.reactions?.[kind];
      return react ? [{ feature, react }] : [];
    });

  /** Runs every feature's reaction side by side; each failure is one operator line, never the cause's failure. */
  const reactAll = async <Kind extends 'stockBack' | 'modelWritten' | 'signInsSlowed'>(
    kind: Kind,
    ...args: Parameters<NonNullable<Reactions[Kind]>> extends [ShopServices, ...infer Rest] ? Rest : never
  ): Promise<boolean> => {
    const outcomes = await Promise.allSettled(
      // Each in its own promise: one that throws at once must not keep the others from running.
      reactionsTo(kind).map(async ({ react }) => (react as (services: ShopServices, ...rest: unknown[]) => unknown)(services, ...args)),
    );
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'rejected') log(`${reactionsTo(kind)[index]!.feature.name}: ${kind} failed`, outcome.reason);
    });
    return outcomes.every((outcome) => outcome.status === 'fulfilled');
  };

  const services = lazyServices(factories, {
    accounts: (accounts) => {
      // In feature order, each awaited: a failure stops the deletion before the account goes.
      accounts.whenDeletingCustomer(async (userId) => {
        for (const { react } of reactionsTo('accountDeleted')) await react(services, userId);
      });
      accounts.onSignInsSlowed(async (user, rule) => void (await reactAll('signInsSlowed', user, rule)));
    },
    reservations: (reservations) => reservations.whenStockReturns((itemIds) => reactAll('stockBack', itemIds)),
    catalogue: (catalogue) => catalogue.whenStockWritten((itemIds) => reactAll('stockBack', itemIds)),
  });

  const handlers: Record<string, CustomHandler> = {};
  for (const [field, { run, activity }] of operationsOf(features)) {
    handlers[field] = activity
      ? async (args, context) => {
          const before = await activity.before?.(args, services);
          const result = await run(services, args, context);
          try {
            await services.activity.record(activity.facts(args, result, before), callerOf(context));
          } catch (error) {
            // The change itself landed; saying it failed would be false. The operator sees the gap.
            log(`${field} was not recorded in the activity log`, error);
          }
          return result;
        }
      : (args, context) => run(services, args, context);
  }

  return {
    services,
    handlers,
    modelWritten: (write, caller) => reactAll('modelWritten', write, caller),
    runSchedule: async (name, now) => {
      const runs = features.flatMap((feature) => feature.schedules?.[name] ?? []);
      return Promise.all(runs.map((run) => run(services, now))).then((results) => (results.length === 1 ? results[0] : results));
    },
  };
}

/** The services as getters: each built once, on first use, then handed to `joined` to attach its reactions. */
function lazyServices(
  factories: ServiceFactories,
  joined: { [Name in keyof ShopServices]?: (service: ShopServices[Name]) => void },
): ShopServices {
  const built: Partial<ShopServices> = {};
  const services = {} as ShopServices;
  for (const name of SERVICE_NAMES) {
    Object.defineProperty(services, name, {
      enumerable: true,
      get() {
        if (built[name]) return built[name];
        const factory = factories[name];
        if (!factory) throw new Error(`${name} is not available here`);
        const service = factory(services);
        (built as Record<string, unknown>)[name] = service;
        (joined[name] as ((service: unknown) => void) | undefined)?.(service);
        return service;
      },
    });
  }
  return services;
}

const SERVICE_NAMES: readonly (keyof ShopServices)[] = [
  'accounts',
  'catalogue',
  'images',
  'activity',
  'reservations',
  'notify',
  'rsvps',
  'outbox',
  'tillInbox',
  'googleFeeds',
];
