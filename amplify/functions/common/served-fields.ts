/**
 * Which custom mutations (and queries) each function serves: the schema names the function per mutation
 * (`a.handler.function(...)` in amplify/data/schema.ts); served-fields.test.ts holds the two equal.
 * Plain names here, so the functions do not bundle the schema builder.
 */
import { ACCOUNT_MUTATIONS, ACCOUNT_QUERIES } from '../../../server/accounts/account-operations';
export const ACCOUNTS_FUNCTION = 'shopAccounts';
export const MEDIA_FUNCTION = 'shopMedia';
export const CATALOGUE_FUNCTION = 'shopCatalogue';

const mutations = (...names: string[]): ReadonlySet<string> => new Set(names.map((name) => `Mutation.${name}`));

export const SERVED_FIELDS: Record<string, ReadonlySet<string>> = {
  [ACCOUNTS_FUNCTION]: new Set([...mutations(...ACCOUNT_MUTATIONS), ...ACCOUNT_QUERIES.map((name) => `Query.${name}`)]),
  [MEDIA_FUNCTION]: mutations('requestImageUpload', 'storeUploadedImage'),
  [CATALOGUE_FUNCTION]: new Set([
    ...mutations('replaceBanners', 'reorderCategories', 'reorderTags', 'deleteCategoryAndTags', 'importItems'),
    'Query.listActivity',
    // Reserve for pickup: beside the items whose stock it holds (product §11).
    ...mutations('setPickupListLine', 'reserve', 'cancelMyReservation', 'reservationAction'),
    'Query.myPickupList',
    'Query.myReservations',
    'Query.listReservations',
    // "Notify me when it's back" (decision 0328), beside the stock that answers it.
    ...mutations('notifyMeWhenBack', 'cancelNotifyMe'),
    'Query.myNotifyRequests',
    'Query.notifyDemand',
    // RSVPs (product §12), beside the events whose places they count.
    ...mutations('rsvp', 'cancelMyRsvp', 'checkInRsvp', 'cancelEvent'),
    'Query.myRsvps',
    'Query.eventRsvps',
  ]),
};
