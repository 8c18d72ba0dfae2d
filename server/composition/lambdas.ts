/**
 * The Lambda functions that run the shop's custom operations in the cloud. The schema routes each
 * operation to one (`a.handler.function(...)` in amplify/data/schema.ts) and each feature says
 * which one runs it (shop-features.ts); composition.test.ts holds the two equal. Plain names here,
 * so the functions do not bundle the schema builder.
 */
export const ACCOUNTS_FUNCTION = 'shopAccounts';
/** Stores uploaded images (sharp, S3). */
export const MEDIA_FUNCTION = 'shopMedia';
/** The all-or-nothing catalogue changes, and beside the stock: reservations, "notify me", RSVPs. */
export const CATALOGUE_FUNCTION = 'shopCatalogue';

export type ShopLambda = typeof ACCOUNTS_FUNCTION | typeof MEDIA_FUNCTION | typeof CATALOGUE_FUNCTION;
