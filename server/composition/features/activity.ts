/**
 * The activity log (product §10): staff read it; every model write and the shop's own slowing of
 * an account's sign-ins add an entry (custom staff mutations declare theirs with the operation).
 */
import { activityQueryOf } from '../../activity/activity-log';
import { signInsSlowedActivity } from '../../activity/custom-activity';
import type { Feature } from '../feature';
import { CATALOGUE_FUNCTION } from '../lambdas';

export const activityFeature: Feature = {
  name: 'activity',
  lambda: CATALOGUE_FUNCTION,
  operations: {
    'Query.listActivity': { callers: 'staff', run: ({ activity }, args) => activity.list(activityQueryOf(args)) },
  },
  reactions: {
    modelWritten: ({ activity }, write, caller) => activity.recordModelWrite(write, caller),
    signInsSlowed: ({ activity }, user, rule) => activity.recordByShop(signInsSlowedActivity(user, rule)),
  },
};
