/**
 * Records admin writes in the activity log, on both backends: model writes as the engine (locally)
 * or the pipeline's last function (cloud) reports them, and the custom mutations through the
 * composition (server/composition/compose-shop.ts), which both backends run.
 */
import { activityExpiry, modelWriteActivity } from '../../shared/activity';
import { ROLE_ADMIN } from '../../shared/roles';
import type { Principal } from '../auth/authorizer';
import type { WrittenModel } from '../model/model-writes';
import { stampActivity, type ActivityFacts, type ActivityLog, type ActivityPage, type ActivityQuery } from './activity-log';

/** The actor of what the shop did by itself. */
export const SHOP_ACTOR = { userId: 'shop', name: 'The shop' };

export class ActivityRecorder {
  constructor(
    private readonly log: ActivityLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds the entry when an admin did it; visitors' and users' own writes (sign-up, resets) are not staff activity. */
  record(facts: ActivityFacts | null, caller: Principal | null): void | Promise<void> {
    if (!facts || !caller || caller.type !== ROLE_ADMIN) return;
    const now = this.now();
    return this.log.add(stampActivity(facts, caller, now), activityExpiry(now));
  }

  /** What the shop itself did (no admin's doing: an account's sign-ins slowed by its limits). */
  recordByShop(facts: ActivityFacts): void | Promise<void> {
    return this.recordBy(facts, SHOP_ACTOR);
  }

  /** What a named actor did: a customer's own reservation, a staff action on one, or the shop's (reservation-service.ts). */
  recordBy(facts: ActivityFacts, actor: { userId: string; name: string }): void | Promise<void> {
    const now = this.now();
    return this.log.add(stampActivity(facts, actor, now), activityExpiry(now));
  }

  /** Newest first (listActivity; admins only, as the authorizer decides). */
  list(query: ActivityQuery): ActivityPage | Promise<ActivityPage> {
    return this.log.list(query);
  }

  /** A model write; an update that changed nothing leaves no entry. */
  recordModelWrite(write: WrittenModel, caller: Principal | null): void | Promise<void> {
    const facts = modelWriteActivity(write.op, write.model, write.before, write.after);
    if (facts && write.op === 'update' && facts.changes.length === 0) return;
    return this.record(facts, caller);
  }
}
