/**
 * The one data schema of the shop (product §3), written with Amplify Gen 2's `a.schema`.
 *
 * Everything else is derived from it by `npm run gen`: the model introspection the browser
 * client needs, the AppSync SDL the local server serves, and (in the cloud) the AppSync API.
 *
 * Authorization (design §2): the public catalogue is readable with the API key; every other
 * operation goes through the custom (Lambda) authorizer, which decides by the caller's role.
 * `User` carries no password field: hashes live in a server-only store no client can select.
 */
import { a, type ClientSchema } from '@aws-amplify/data-schema';
// The functions that run the custom operations in the cloud (amplify/functions; the features name theirs).
import { ACCOUNTS_FUNCTION, CATALOGUE_FUNCTION, MEDIA_FUNCTION } from '../../server/composition/lambdas';

/** Catalogue models: public read with the API key, everything else decided by the authorizer. */
const catalogueRules = (allow: CatalogueAllow) => [allow.publicApiKey().to(['read']), allow.custom()];
type CatalogueAllow = Parameters<Parameters<ReturnType<typeof a.model>['authorization']>[0]>[0];

/** A catalogue model: public read with the API key, everything else decided by the authorizer; no subscriptions. */
const catalogueModel = <Fields extends Parameters<typeof a.model>[0]>(fields: Fields) =>
  a.model(fields).disableOperations(['subscriptions']).authorization(catalogueRules);

/** Signing in and up: open to visitors with the API key (a session token also passes). */
const signInMutation = () =>
  a
    .mutation()
    .authorization((allow) => [allow.publicApiKey(), allow.custom()])
    .handler(a.handler.function(ACCOUNTS_FUNCTION));

/** A mutation run by a Lambda function for signed-in callers (the authorizer decides by role). */
const authorizedMutation = (fn: string) =>
  a
    .mutation()
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(fn));

export const schema = a.schema({
  Item: catalogueModel({
    name: a.string().required(),
    price: a.float(),
    description: a.string(),
    /** Tag ids; every item carries at least one of the built-in wine, liquor, extras. */
    tags: a.id().array(),
    promoted: a.boolean(),
    upc: a.string(),
    img: a.string(),
    // The item's facts (product §3; shared/item-facts.ts says what each may hold, and both backends'
    // model-write guards refuse anything else).
    /** Millilitres in one bottle or can (750, 1750); null when not given. Shown by shared/bottle-size.ts. */
    sizeMl: a.integer(),
    /** Bottles or cans in the pack (4 for "4 × 250 mL"); null for a single one. */
    packCount: a.integer(),
    /** Alcohol by volume, percent (0-100). */
    abv: a.float(),
    /** The year on the label ("2019"), or "NV" (non-vintage). */
    vintage: a.string(),
    /**
     * Units a visitor may still reserve: the shelf's count less the bottles open reservations hold,
     * never below 0 (decision 0367); null when not counted (no stock is shown; decision 0273). A
     * write of `stock` (the editor, an import, the till's stock file) is a count of the shelf: the
     * server stores it as `shelfStock` and works this out.
     */
    stock: a.integer(),
    /** Units on the shelf as last counted, held bottles included; kept by the server's write path only. */
    shelfStock: a.integer(),
    /** Units open reservations hold (on the shelf until picked up); kept by the server only. */
    heldStock: a.integer(),
    /** When `stock` was last counted or fed from the till. */
    stockCountedAt: a.datetime(),
    /** Staff marked it Sale; the badge shows only while New York's rule holds (shared/sale-rule.ts, decision 0292). */
    onSale: a.boolean(),
    /**
     * The prices it had, "<ISO instant> <price>", kept by the server's write path on every price
     * change and never accepted from a client (decision 0293); bounded, never shown.
     */
    priceHistory: a
      .string()
      .array()
      .authorization((allow) => [allow.custom()]),
    /**
     * Until when the Sale mark holds (the end of this New York month when the rule holds now; null
     * otherwise), set by the server with the mark and the price (decision 0295): the pages show the
     * badge from it without the history, which only admins may read.
     */
    saleEndsAt: a.datetime(),
    /**
     * "Limit N per customer" (decision 0371): the most one customer may hold of it in open
     * reservations, 1-99 (shared/customer-limits.ts); null means no limit of its own.
     */
    limitPerCustomer: a.integer(),
  }),

  Banner: catalogueModel({
    img: a.string().required(),
    /** Display order in the carousel, from 0. */
    index: a.integer(),
    /** What the banner says (alt text; the caption under it on phones). At most 300 characters. */
    description: a.string(),
  }),

  Category: catalogueModel({
    name: a.string().required(),
    /** Which menus show it: any of Wine, Liquor, Extras. */
    type: a.string().array(),
    visible: a.boolean(),
    index: a.integer(),
    tags: a.hasMany('Tag', 'categoryId'),
  }),

  Tag: catalogueModel({
    name: a.string().required(),
    categoryId: a.id().required(),
    category: a.belongsTo('Category', 'categoryId'),
    index: a.integer(),
  }),

  Event: catalogueModel({
    name: a.string().required(),
    /** Calendar day, YYYY-MM-DD. */
    date: a.date().required(),
    /** HH:MM, 24-hour; null when the event has no set time. */
    time: a.string(),
    description: a.string().required(),
    img: a.string(),
    // RSVPs (product §12, decisions 0343-0349): shared/rsvp-rules.ts says what each may hold, and
    // both backends' model-write guards refuse anything else.
    /** The event takes RSVPs; null or false is an event without them. */
    takesRsvp: a.boolean(),
    /** Places in all (1-500); required when it takes RSVPs. */
    rsvpCapacity: a.integer(),
    /** Places one customer may take (1-20); null means 4. */
    rsvpPartyLimit: a.integer(),
    /** When full, customers may join a waiting list. */
    rsvpWaitingList: a.boolean(),
    /** A tasting: its page shows the tasting rules. */
    isTasting: a.boolean(),
    /** Places confirmed now, kept by the server's RSVP path only (never accepted from a client). */
    rsvpTaken: a.integer(),
    /** When staff cancelled the event (cancelEvent); set by the server only. */
    cancelledAt: a.datetime(),
  }),

  /**
   * The shop's own details and opening hours, edited by the owner (decision 0190): one record, id
   * 'shop' (shared/shop-hours.ts). Hours are texts the model-write guard checks against New York's
   * rules for a package store: `weeklyHours` 7 entries, Sunday first, each "HH:MM-HH:MM" or
   * "closed"; `specialDates` "YYYY-MM-DD closed|HH:MM-HH:MM[ label]".
   */
  ShopSettings: catalogueModel({
    name: a.string(),
    address: a.string(),
    phone: a.string(),
    email: a.string(),
    /** A link to the shop on a map (https). */
    mapUrl: a.string(),
    weeklyHours: a.string().array(),
    specialDates: a.string().array(),
    /** The menu's price ranges: whole dollars, smallest first; null gives [20, 40] (shared/price-ranges.ts). */
    priceBoundaries: a.integer().array(),
    // Reserve for pickup (product §11, decision 0312): null means the default; whole numbers in the
    // ranges of shared/reservation-limits.ts, which both backends' model-write guards check.
    /** Open minutes from reserving to the earliest pickup slot (default 60). */
    pickupPreparationMinutes: a.integer(),
    /** Most of one item in a reservation (default 12). */
    pickupMaxPerItem: a.integer(),
    /** Open (Requested or Ready) reservations one customer may have (default 3). */
    pickupMaxOpenReservations: a.integer(),
    /** Most bottles in one reservation (default 24). */
    pickupMaxUnits: a.integer(),
    /** The share of an item's counted shelf one customer may hold, percent 1-100 (decision 0374; default 50, 100 = no cap). */
    reservationShareCap: a.integer(),
    /** The rules shown on every tasting (decision 0350); null means the shipped default stating ABC §63-a (shared/tasting-rules.ts). */
    tastingRules: a.string(),
    /** Hours without a till file after which /admin-items warns (decision 0377); null: 26, 0: never (shared/till-feed.ts). */
    tillFeedWarnHours: a.integer(),
    /** The store code of the shop's Business Profile, on every row of Google's local inventory feed (decision 0379); null: not set (shared/google-feeds.ts). */
    googleStoreCode: a.string(),
  }),

  /** Accounts. Writes go through the account mutations only, so a hash is always set with them. */
  User: a
    .model({
      email: a.email().required(),
      /** First and last name joined by a space. */
      name: a.string().required(),
      /** Role: 0 admin, 1 user (shared/roles.ts). */
      type: a.integer().required(),
      /** A customer's optional phone (shared/validation/phone.ts; decision 0302). */
      phone: a.string(),
      /** True once the owner opened the link sent to this address; an address change clears it (decision 0303). */
      emailConfirmed: a.boolean(),
      /**
       * The last address the owner confirmed (decision 0369): every customer mail but a confirmation
       * link goes here, kept while a newer address waits to be confirmed; none until one is.
       */
      confirmedEmail: a.email(),
    })
    .disableOperations(['mutations', 'subscriptions'])
    .authorization((allow) => [allow.custom()]),

  /** What signing in or up returns: the opaque session token and who it belongs to. */
  AuthSession: a.customType({
    token: a.string().required(),
    userId: a.id().required(),
    name: a.string().required(),
    type: a.integer().required(),
    expiresAt: a.datetime().required(),
  }),

  // Account operations (product §5, §7; design §3). Their handlers run on the server: in-process
  // locally, as the Lambda function named here in the cloud, with one shared implementation.
  // Required-ness is checked by the handlers, so an empty field gets product §5's own message.
  signUp: signInMutation()
    .arguments({ firstName: a.string(), lastName: a.string(), email: a.string(), password: a.string(), confirmPassword: a.string() })
    .returns(a.ref('AuthSession')),
  signIn: signInMutation().arguments({ email: a.string(), password: a.string() }).returns(a.ref('AuthSession')),
  /** Revokes the caller's own session. */
  signOut: authorizedMutation(ACCOUNTS_FUNCTION).returns(a.boolean()),
  createAdmin: authorizedMutation(ACCOUNTS_FUNCTION)
    .arguments({ firstName: a.string(), lastName: a.string(), email: a.string(), password: a.string(), confirmPassword: a.string() })
    .returns(a.ref('User')),
  updateAdmin: authorizedMutation(ACCOUNTS_FUNCTION)
    .arguments({ id: a.id().required(), firstName: a.string(), lastName: a.string(), email: a.string() })
    .returns(a.ref('User')),
  deleteAdmin: authorizedMutation(ACCOUNTS_FUNCTION).arguments({ id: a.id().required() }).returns(a.ref('User')),

  // Password resets (decision 0258): a one-time link, 30 minutes, stored hashed.
  /** "Forgot password?": always true for a well-formed address; e-mails a link when SMTP is set up. */
  requestPasswordReset: signInMutation().arguments({ email: a.string() }).returns(a.boolean()),
  /** Sets a new password with a link's token and ends the account's sessions. */
  resetPassword: signInMutation().arguments({ token: a.string(), password: a.string(), confirmPassword: a.string() }).returns(a.boolean()),
  /** A reset link's token for an admin to hand over (`/reset-password?token=...`). */
  PasswordResetLink: a.customType({ token: a.string().required(), expiresAt: a.datetime().required() }),
  createPasswordResetLink: authorizedMutation(ACCOUNTS_FUNCTION)
    .arguments({ userId: a.id().required() })
    .returns(a.ref('PasswordResetLink')),
  /** Staff mark a customer's address confirmed, checked with the customer (decision 0335). */
  confirmUserEmail: authorizedMutation(ACCOUNTS_FUNCTION).arguments({ userId: a.id().required() }).returns(a.ref('User')),

  // A customer's own account (/account, decision 0302): signed-in customers only, each on their own
  // account (the caller's id comes from the session, never from an argument); admins are refused.
  /** The caller's own account. */
  myAccount: a
    .query()
    .returns(a.ref('User'))
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(ACCOUNTS_FUNCTION)),
  /** Changes name, e-mail and phone; a new e-mail asks for the current password and is unconfirmed again. */
  updateMyAccount: authorizedMutation(ACCOUNTS_FUNCTION)
    .arguments({ firstName: a.string(), lastName: a.string(), email: a.string(), phone: a.string(), currentPassword: a.string() })
    .returns(a.ref('User')),
  /** Sets a new password (the current one asked) and ends every other session: returns the caller's new one. */
  changeMyPassword: authorizedMutation(ACCOUNTS_FUNCTION)
    .arguments({ currentPassword: a.string(), password: a.string(), confirmPassword: a.string() })
    .returns(a.ref('AuthSession')),
  /** E-mails a new confirmation link to the account's address (decision 0303), rate limited. */
  sendEmailConfirmation: authorizedMutation(ACCOUNTS_FUNCTION).returns(a.boolean()),
  /** Confirms the address a link was sent to, once, within 24 hours; open to anyone holding the link. */
  confirmEmail: signInMutation().arguments({ token: a.string() }).returns(a.boolean()),
  /** Ends the account (the current password asked): its name, e-mail, phone and sessions go (decision 0304). */
  deleteMyAccount: authorizedMutation(ACCOUNTS_FUNCTION).arguments({ currentPassword: a.string() }).returns(a.boolean()),

  // Image uploads (product §5; shared/image-upload.ts), in two calls so the file itself never passes
  // through GraphQL (a 5 MB PNG as JSON is over Lambda's 6 MB payload limit). Admins only.
  /** One form field of an upload target, in the order it must be sent. */
  ImageUploadField: a.customType({ name: a.string().required(), value: a.string().required() }),
  /** Where to POST one file (multipart/form-data: these fields, then the file as `file`), until expiresAt, once. */
  ImageUploadTarget: a.customType({
    id: a.string().required(),
    url: a.string().required(),
    fields: a.ref('ImageUploadField').required().array().required(),
    expiresAt: a.datetime().required(),
  }),
  requestImageUpload: authorizedMutation(MEDIA_FUNCTION).returns(a.ref('ImageUploadTarget')),
  /** Checks the file uploaded under `id` (PNG, 5 MB, 4096 x 4096), stores it, and returns the URL records keep in `img`. */
  storeUploadedImage: authorizedMutation(MEDIA_FUNCTION).arguments({ id: a.string().required() }).returns(a.string()),

  // Catalogue changes that must land whole or not at all (the original specification did them as many calls, which
  // could leave half a change behind). Admins only.
  /**
   * Replaces every banner with these images, in this order (Banner.index from 0). `descriptions`,
   * when given, is parallel to `images` (same length; null or empty = no description).
   */
  replaceBanners: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ images: a.string().required().array().required(), descriptions: a.string().array() })
    .returns(a.ref('Banner').array()),
  /** Renumbers Category.index from 0 in the order given; every category must be listed. */
  reorderCategories: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ ids: a.id().required().array().required() })
    .returns(a.ref('Category').array()),
  /** Renumbers Tag.index from 0 within one category; every tag of it must be listed. */
  reorderTags: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ categoryId: a.id().required(), ids: a.id().required().array().required() })
    .returns(a.ref('Tag').array()),
  /**
   * One row of a CSV import (shared/item-import.ts): its number in the file and the text of each
   * mapped column; a field left out is not mapped. `tags`: one cell per mapped category.
   */
  ItemImportRow: a.customType({
    row: a.integer().required(),
    name: a.string(),
    price: a.string(),
    upc: a.string(),
    promoted: a.string(),
    description: a.string(),
    img: a.string(),
    /** The item's facts as tills write them ("750ML", "13.5", "NV", "-2"): shared/item-import.ts reads them. */
    size: a.string(),
    abv: a.string(),
    vintage: a.string(),
    quantity: a.string(),
    tags: a.ref('ItemImportTagCell').required().array(),
  }),
  /** One category's cell of an import row: tag names separated by ";". */
  ItemImportTagCell: a.customType({ categoryId: a.id().required(), names: a.string() }),
  ItemImportProblem: a.customType({ row: a.integer().required(), field: a.string().required(), message: a.string().required() }),
  /**
   * What an import did or would do: each row's outcome (create, update, unchanged, error), the
   * problems, what was read otherwise than written (`warnings`: a negative quantity imported as 0),
   * and when applied the rows written. `failure` says why the rest was not applied.
   */
  ItemImportReport: a.customType({
    applied: a.boolean().required(),
    outcomes: a.string().required().array().required(),
    problems: a.ref('ItemImportProblem').required().array().required(),
    warnings: a.ref('ItemImportProblem').required().array().required(),
    appliedRows: a.integer().required().array().required(),
    failure: a.string(),
    /** A stock file's UPCs that no item has, each once (decision 0296); empty for an item import. */
    unknownUpcs: a.string().required().array().required(),
  }),
  /**
   * Creates or updates items from one chunk of a CSV file's rows (at most 200 rows and 512 KB,
   * decision 0306), keyed on UPC. `importId` (the browser's UUID) and the row numbers make it
   * idempotent: a chunk sent again creates nothing twice. `offset`: the chunk's first row's
   * position in the file. `apply` false (the default) is a dry run; true writes every row of the
   * chunk or none (locally one transaction; in the cloud, transactions of 100, each started only
   * with time left, decision 0307). `stockOnly`: a stock file from the till (decision 0296): rows
   * of UPC, quantity and price that update those fields of existing items only; unreadable rows
   * are left out and reported.
   */
  importItems: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({
      importId: a.string().required(),
      offset: a.integer().required(),
      rows: a.ref('ItemImportRow').required().array().required(),
      apply: a.boolean(),
      stockOnly: a.boolean(),
    })
    .returns(a.ref('ItemImportReport')),
  // The activity log (decision 0260; shared/activity.ts): every admin write, newest first. Admins only.
  ActivityChange: a.customType({ field: a.string().required(), before: a.string(), after: a.string() }),
  ActivityEntry: a.customType({
    id: a.id().required(),
    at: a.datetime().required(),
    actorId: a.id().required(),
    actorName: a.string().required(),
    /** item, banner, category, tag, event, settings, account or import (ACTIVITY_KINDS). */
    kind: a.string().required(),
    action: a.string().required(),
    targetId: a.string(),
    targetName: a.string(),
    changes: a.ref('ActivityChange').required().array().required(),
  }),
  ActivityPage: a.customType({ entries: a.ref('ActivityEntry').required().array().required(), nextToken: a.string() }),
  /** A page of the log, newest first, of one person and/or one kind when given (limit 1-200, default 50). */
  listActivity: a
    .query()
    .arguments({ actorId: a.id(), kind: a.string(), limit: a.integer(), nextToken: a.string() })
    .returns(a.ref('ActivityPage'))
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  // The outbox (decision 0366; shared/outbox.ts): without a mail server, the e-mails the shop would
  // have sent, kept for staff. Admins only.
  OutboxMail: a.customType({
    id: a.id().required(),
    at: a.datetime().required(),
    to: a.string().required(),
    subject: a.string().required(),
    text: a.string().required(),
    attachments: a.string().required().array().required(),
  }),
  OutboxPage: a.customType({ mails: a.ref('OutboxMail').required().array().required(), nextToken: a.string() }),
  /** A page of the kept e-mails, newest first (limit 1-100, default 20). */
  listOutbox: a
    .query()
    .arguments({ limit: a.integer(), nextToken: a.string() })
    .returns(a.ref('OutboxPage'))
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  // The till feed (decision 0377; shared/till-feed.ts): the last stock file the till dropped into
  // the till inbox, and what became of it. Admins only.
  TillFeedLine: a.customType({ line: a.integer().required(), message: a.string().required() }),
  TillFeedRun: a.customType({
    file: a.string().required(),
    receivedAt: a.datetime().required(),
    startedAt: a.datetime().required(),
    finishedAt: a.datetime().required(),
    outcome: a.string().required(),
    rows: a.integer().required(),
    applied: a.integer().required(),
    unknownUpcs: a.string().required().array().required(),
    unknownUpcCount: a.integer().required(),
    leftOut: a.ref('TillFeedLine').required().array().required(),
    leftOutCount: a.integer().required(),
    warnings: a.ref('TillFeedLine').required().array().required(),
    skipped: a.string().required(),
    failure: a.string(),
  }),
  /** The till feed's last file; null before the first. */
  tillFeed: a
    .query()
    .returns(a.ref('TillFeedRun'))
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  // Reserve for pickup (product §11, decisions 0313-0317): served by the catalogue function (it holds
  // the items' stock). A customer acts on their own list and reservations only (the caller's id comes
  // from the session); staff (admins) on all. Stored apart from the model tables: no generic
  // resolver can read or write them.
  /** One line of the caller's pickup list, with the item as it is now. */
  PickupListLine: a.customType({
    itemId: a.id().required(),
    quantity: a.integer().required(),
    /** The item's name with its size, and its price, now; null when the item was deleted. */
    name: a.string(),
    price: a.float(),
    /** Units on the shelf; null when not counted. */
    stock: a.integer(),
    /** The item is counted and none is left. */
    outOfStock: a.boolean().required(),
    /** The line asks for more than the shelf holds. */
    overStock: a.boolean().required(),
    /** Why the line cannot be reserved as it is ("Only 2 of Merlot left"); null when it can. */
    problem: a.string(),
    /**
     * The most the caller may still reserve of it: the item's limit per customer and the shop's
     * share of the shelf less what they already hold (decisions 0371, 0374); null when neither caps it.
     */
    customerMost: a.integer(),
  }),
  PickupList: a.customType({
    lines: a.ref('PickupListLine').required().array().required(),
    /** Bottles in all. */
    units: a.integer().required(),
    /** At the prices now. */
    total: a.float().required(),
  }),
  ReservationLine: a.customType({
    itemId: a.id().required(),
    /** The item's name with its size ("Clear Lake Premium Vodka, 1.75 L") and price as shown when reserving. */
    name: a.string().required(),
    /** The item's UPC when reserving (the pick list shows it); null without one. */
    upc: a.string(),
    price: a.float(),
    /** Units held now (staff may lower it when marking ready). */
    quantity: a.integer().required(),
    /** As reserved. */
    reservedQuantity: a.integer().required(),
    /** Staff's note on a lowered line. */
    note: a.string(),
  }),
  Reservation: a.customType({
    id: a.id().required(),
    /** 8 letters and digits ("K7QF3M9X"); shown as "K7QF-3M9X". */
    number: a.string().required(),
    userId: a.id().required(),
    /** Requested, Ready, PickedUp, Cancelled or Expired. */
    status: a.string().required(),
    slotStart: a.datetime().required(),
    slotEnd: a.datetime().required(),
    /** "Tue, May 12, 9 AM - 9:30 AM" (New York). */
    slotLabel: a.string().required(),
    lines: a.ref('ReservationLine').required().array().required(),
    /** At the prices recorded, for the quantities held now. */
    total: a.float().required(),
    note: a.string(),
    phone: a.string(),
    expiresAt: a.datetime().required(),
    /** Why it was cancelled, when it was. */
    reason: a.string(),
    /** Who cancelled it: customer or staff. */
    cancelledBy: a.string(),
    createdAt: a.datetime().required(),
    updatedAt: a.datetime().required(),
    /** Staff screens only: the customer's name and e-mail read now; "Deleted account" when gone (decision 0304). */
    customerName: a.string(),
    customerEmail: a.string(),
    /** Staff's list only: the items this open reservation holds of which more are held than counted (decision 0378). */
    shortages: a.ref('ReservationShortage').required().array(),
  }),
  /** An item held over the shelf's count: "Short: the till counts 1 Pickup Merlot 750 ml, 3 held" (decision 0378). */
  ReservationShortage: a.customType({
    itemId: a.id().required(),
    name: a.string().required(),
    counted: a.integer().required(),
    held: a.integer().required(),
    message: a.string().required(),
  }),
  /** Another open reservation sharing a phone number or a sign-up address with one (decision 0378). */
  RelatedReservation: a.customType({
    id: a.id().required(),
    number: a.string().required(),
    status: a.string().required(),
    slotLabel: a.string().required(),
    customerName: a.string().required(),
    samePhone: a.boolean().required(),
    sameSignUpAddress: a.boolean().required(),
  }),
  /** The caller's pickup list (signed-in customers). */
  myPickupList: a
    .query()
    .returns(a.ref('PickupList'))
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** Sets a line of the caller's pickup list; quantity 0 removes it. */
  setPickupListLine: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ itemId: a.id().required(), quantity: a.integer().required() })
    .returns(a.ref('PickupList')),
  /** Reserves the whole pickup list for a slot, all lines or none (confirmed e-mail required). */
  reserve: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ slotStart: a.string().required(), note: a.string(), phone: a.string() })
    .returns(a.ref('Reservation')),
  /** The caller's own reservations, newest first. */
  myReservations: a
    .query()
    .returns(a.ref('Reservation').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  cancelMyReservation: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ id: a.id().required(), reason: a.string() })
    .returns(a.ref('Reservation')),
  /** A line asked for: the item and how many. */
  RequestedLine: a.customType({ itemId: a.id().required(), quantity: a.integer().required() }),
  /**
   * The customer changes their own reservation while it is Requested (decision 0372): its lines
   * (other quantities, lines left out, new ones) and its slot, checked as reserving is; the stock
   * held moves by the difference, all or nothing.
   */
  changeReservation: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ id: a.id().required(), lines: a.ref('RequestedLine').required().array().required(), slotStart: a.string().required() })
    .returns(a.ref('Reservation')),
  /** Staff: reservations of one status (all when none), searched by number, name or e-mail. */
  listReservations: a
    .query()
    .arguments({ status: a.string(), search: a.string() })
    .returns(a.ref('Reservation').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** Staff: the other open reservations with the same phone number or sign-up address (decision 0378). */
  relatedReservations: a
    .query()
    .arguments({ id: a.id().required() })
    .returns(a.ref('RelatedReservation').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** A lowered line when marking ready: the new quantity and why. */
  LineLowering: a.customType({ itemId: a.id().required(), quantity: a.integer().required(), note: a.string() }),
  /** Staff: markReady (lowered lines), pickUp (idChecked) or cancel (reason). */
  reservationAction: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({
      id: a.id().required(),
      action: a.string().required(),
      lowered: a.ref('LineLowering').required().array(),
      idChecked: a.boolean(),
      reason: a.string(),
    })
    .returns(a.ref('Reservation')),
  // "Notify me when it's back" (decision 0328): a customer's own requests, staff's counts only.
  NotifyRequest: a.customType({
    itemId: a.id().required(),
    /** The item's name and stock now; null when the item is gone. */
    name: a.string(),
    stock: a.integer(),
    createdAt: a.string().required(),
  }),
  NotifyDemand: a.customType({ itemId: a.id().required(), name: a.string(), stock: a.integer(), count: a.integer().required() }),
  /** Asks to be e-mailed once when a counted item at 0 is back (confirmed e-mail required). */
  notifyMeWhenBack: authorizedMutation(CATALOGUE_FUNCTION).arguments({ itemId: a.id().required() }).returns(a.boolean()),
  cancelNotifyMe: authorizedMutation(CATALOGUE_FUNCTION).arguments({ itemId: a.id().required() }).returns(a.boolean()),
  /** The caller's open requests, newest first. */
  myNotifyRequests: a
    .query()
    .returns(a.ref('NotifyRequest').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** Staff: how many customers wait for each item, most asked first (a demand list for the next order). */
  notifyDemand: a
    .query()
    .returns(a.ref('NotifyDemand').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  // RSVPs to events (product §12, decisions 0343-0349): served by the catalogue function (it holds the
  // events). A customer acts on their own RSVPs only (the caller's id comes from the session); staff
  // see and check in everyone's. Stored apart from the model tables, like reservations.
  Rsvp: a.customType({
    id: a.id().required(),
    eventId: a.id().required(),
    /** The event's name, day (YYYY-MM-DD) and time (HH:MM) now. */
    eventName: a.string().required(),
    eventDate: a.string().required(),
    eventTime: a.string(),
    userId: a.id().required(),
    partySize: a.integer().required(),
    /** Going, Waiting or Cancelled. */
    status: a.string().required(),
    /** 1 for the first in line; only while Waiting. */
    waitingPosition: a.integer(),
    checkedInAt: a.datetime(),
    createdAt: a.datetime().required(),
    updatedAt: a.datetime().required(),
    /** Staff answers only: the customer's name and e-mail read now; "Deleted account" when gone. */
    customerName: a.string(),
    customerEmail: a.string(),
  }),
  /** Creates or changes the caller's RSVP (confirmed e-mail required); Waiting when full and the event has a waiting list. */
  rsvp: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ eventId: a.id().required(), partySize: a.integer().required() })
    .returns(a.ref('Rsvp')),
  /** Cancels the caller's RSVP; the waiting list moves up once. */
  cancelMyRsvp: authorizedMutation(CATALOGUE_FUNCTION).arguments({ eventId: a.id().required() }).returns(a.ref('Rsvp')),
  /** The caller's RSVPs (not cancelled), soonest event first. */
  myRsvps: a
    .query()
    .returns(a.ref('Rsvp').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** Staff: who is coming and waiting, with name and e-mail. */
  eventRsvps: a
    .query()
    .arguments({ eventId: a.id().required() })
    .returns(a.ref('Rsvp').required().array())
    .authorization((allow) => [allow.custom()])
    .handler(a.handler.function(CATALOGUE_FUNCTION)),
  /** Staff, on the day: marks a guest arrived (or not). */
  checkInRsvp: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ id: a.id().required(), checkedIn: a.boolean().required() })
    .returns(a.ref('Rsvp')),
  /** Staff: cancels an event; its RSVPs are cancelled and every guest is e-mailed once. */
  // `reason`: staff's note, kept in the activity log; `message`: what the guests' mail quotes (decision 0368).
  cancelEvent: authorizedMutation(CATALOGUE_FUNCTION)
    .arguments({ id: a.id().required(), reason: a.string(), message: a.string() })
    .returns(a.ref('Event')),
  /** Deletes a category together with all of its tags. */
  deleteCategoryAndTags: authorizedMutation(CATALOGUE_FUNCTION).arguments({ id: a.id().required() }).returns(a.ref('Category')),
});

export type Schema = ClientSchema<typeof schema>;
