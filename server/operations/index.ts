/**
 * Handlers of the custom queries and mutations of the schema, keyed `Type.field`. Each adapts
 * the GraphQL call to a service. The cloud's Lambda functions (amplify/functions) run this same
 * table with DynamoDB and S3 behind the services.
 */
import type { AccountService } from '../accounts/account-service';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { ReservationService } from '../reservations/reservation-service';
import type { NotifyMeService } from '../reservations/notify-me-service';
import type { RsvpService } from '../rsvps/rsvp-service';
import type { ItemImportRow } from '../../shared/item-import';
import { unauthorized } from '../errors';
import { deadlineFromNow } from '../../shared/work-deadline';
import { activityQueryOf } from '../activity/activity-log';
import type { ActivityRecorder } from '../activity/activity-recorder';
import { CUSTOM_ACTIVITY } from '../activity/custom-activity';
import type { CustomHandler, RequestContext } from '../graphql/request-context';
import { storeUploadedImage, type ImageStore, type UploadInbox } from '../media/images';

export interface HandlerDeps {
  accounts: AccountService;
  catalogue: CatalogueService;
  media: ImageStore;
  uploads: UploadInbox;
  activity: ActivityRecorder;
  reservations: ReservationService;
  notify: NotifyMeService;
  rsvps: RsvpService;
}

export { SELF_SERVICE_FIELDS } from '../auth/authorizer';

const caller = (context: RequestContext) => context.auth.principal;

/** The caller's id; the authorizer has already admitted only admins to the upload mutations. */
const callerId = (context: RequestContext) => {
  const principal = caller(context);
  if (!principal) throw unauthorized('Not Authorized');
  return principal.userId;
};

export function buildHandlers(deps: HandlerDeps): Record<string, CustomHandler> {
  const handlers = operationHandlers(deps);
  for (const [field, activity] of Object.entries(CUSTOM_ACTIVITY)) {
    const run = handlers[field]!;
    handlers[field] = async (args, context) => {
      const before = await activity.before?.(args, deps);
      const result = await run(args, context);
      try {
        await deps.activity.record(activity.facts(args, result, before), caller(context));
      } catch (error) {
        // The change itself landed; saying it failed would be false. The operator sees the gap.
        console.error(`[activity] ${field} was not recorded`, error);
      }
      return result;
    };
  }
  return handlers;
}

function operationHandlers({
  accounts,
  catalogue,
  media,
  uploads,
  activity,
  reservations,
  notify,
  rsvps,
}: HandlerDeps): Record<string, CustomHandler> {
  return {
    'Mutation.signUp': (args, context) => accounts.signUp(args, context.clientIp),
    'Mutation.signIn': (args, context) => accounts.signIn(args, context.clientIp),
    'Mutation.signOut': (_args, context) => accounts.signOut(context.auth.token),
    'Mutation.createAdmin': (args, context) => accounts.createAdmin(args, caller(context)),
    'Mutation.updateAdmin': (args, context) => accounts.updateAdmin(args, caller(context)),
    'Mutation.deleteAdmin': (args, context) => accounts.deleteAdmin(args, caller(context)),
    'Mutation.requestPasswordReset': (args, context) => accounts.requestPasswordReset(args, context.clientIp),
    'Mutation.resetPassword': (args, context) => accounts.resetPassword(args, context.clientIp),
    'Mutation.createPasswordResetLink': (args, context) => accounts.createPasswordResetLink(args, caller(context)),
    'Mutation.confirmUserEmail': (args, context) => accounts.confirmUserEmail(args, caller(context)),
    'Query.myAccount': (_args, context) => accounts.myAccount(caller(context)),
    'Mutation.updateMyAccount': (args, context) => accounts.updateMyAccount(args, caller(context), context.clientIp),
    'Mutation.changeMyPassword': (args, context) => accounts.changeMyPassword(args, caller(context), context.clientIp),
    'Mutation.sendEmailConfirmation': (_args, context) => accounts.sendEmailConfirmation(caller(context), context.clientIp),
    'Mutation.confirmEmail': (args, context) => accounts.confirmEmail(args, context.clientIp),
    'Mutation.deleteMyAccount': (args, context) => accounts.deleteMyAccount(args, caller(context), context.clientIp),
    'Mutation.requestImageUpload': (_args, context) => uploads.open(callerId(context)),
    'Mutation.storeUploadedImage': (args, context) => storeUploadedImage(media, uploads, callerId(context), String(args.id)),
    'Mutation.replaceBanners': (args) =>
      catalogue.replaceBanners(args.images as string[], args.descriptions as unknown[] | null | undefined),
    'Mutation.reorderCategories': (args) => catalogue.reorderCategories(args.ids as string[]),
    'Mutation.reorderTags': (args) => catalogue.reorderTags(String(args.categoryId), args.ids as string[]),
    'Mutation.deleteCategoryAndTags': (args) => catalogue.deleteCategoryAndTags(String(args.id)),
    'Mutation.importItems': (args, context) =>
      catalogue.importItems(
        {
          importId: args.importId as string,
          offset: args.offset as number,
          rows: args.rows as ItemImportRow[],
          apply: args.apply === true,
          stockOnly: args.stockOnly === true,
        },
        // A Lambda's remaining time; locally the same time from the request's start (decision 0307).
        context.remainingMs ?? deadlineFromNow(),
      ),
    'Query.listActivity': (args) => activity.list(activityQueryOf(args)),
    // Reserve for pickup (product §11): the service checks who calls (a customer on their own, staff on all).
    'Query.myPickupList': (_args, context) => reservations.myPickupList(caller(context)),
    'Mutation.setPickupListLine': (args, context) => reservations.setPickupListLine(caller(context), args),
    'Mutation.reserve': (args, context) => reservations.reserve(caller(context), args),
    'Query.myReservations': (_args, context) => reservations.myReservations(caller(context)),
    'Mutation.cancelMyReservation': (args, context) => reservations.cancelMyReservation(caller(context), args),
    'Query.listReservations': (args, context) => reservations.listReservations(caller(context), args),
    'Mutation.reservationAction': (args, context) => reservations.reservationAction(caller(context), args),
    'Mutation.notifyMeWhenBack': (args, context) => notify.notifyMeWhenBack(caller(context), args),
    'Mutation.cancelNotifyMe': (args, context) => notify.cancelNotifyMe(caller(context), args),
    'Query.myNotifyRequests': (_args, context) => notify.myNotifyRequests(caller(context)),
    'Query.notifyDemand': (_args, context) => notify.notifyDemand(caller(context)),
    // RSVPs (product §12): the service checks who calls (a customer on their own, staff on all).
    'Mutation.rsvp': (args, context) => rsvps.rsvp(caller(context), args),
    'Mutation.cancelMyRsvp': (args, context) => rsvps.cancelMyRsvp(caller(context), args),
    'Query.myRsvps': (_args, context) => rsvps.myRsvps(caller(context)),
    'Query.eventRsvps': (args, context) => rsvps.eventRsvps(caller(context), args),
    'Mutation.checkInRsvp': (args, context) => rsvps.checkInRsvp(caller(context), args),
    'Mutation.cancelEvent': (args, context) => rsvps.cancelEvent(caller(context), args),
  };
}
