/**
 * The outbox (decision 0366): without a mail server every e-mail the shop would send is kept, and
 * staff read them, newest first, on /admin-outbox. The catalogue function serves it in the cloud:
 * it holds the media bucket, whose `outbox/` prefix keeps them there.
 */
import { outboxQueryOf } from '../../accounts/outbox-query';
import { callerOf, type Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const outboxFeature: Feature = {
  name: 'outbox',
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Query.listOutbox': { callers: 'staff', run: ({ outbox }, args, context) => outbox.list(outboxQueryOf(args), callerOf(context)) },
  },
};
