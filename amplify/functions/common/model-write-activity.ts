/**
 * A model write that landed, in the cloud: the pipeline's last function
 * (amplify/data/model-write-activity.ts) sends the record before and after the write and the
 * caller; the composition's reactions take it from there as the local engine's do (the activity
 * entry, "notify me", an event's guests).
 */
import type { ModelRecord, WrittenModel } from '../../../server/model/model-writes';
import type { Principal } from '../../../server/auth/authorizer';
import { principalOf } from './appsync';
import { modelWriteOf } from './model-write-check';

/** What the pipeline function sends (ACTIVITY_RECORD_REQUEST_TEMPLATE). */
export interface ActivityRecordEvent {
  activityRecord: {
    fieldName: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    caller: Record<string, string> | null;
  };
}

export function isActivityRecord(event: object): event is ActivityRecordEvent {
  const record = (event as Partial<ActivityRecordEvent>).activityRecord;
  return typeof record === 'object' && record !== null && typeof record.fieldName === 'string';
}

const asRecord = (item: Record<string, unknown> | null) => {
  if (!item || typeof item !== 'object') return null;
  const { __typename: _typename, ...fields } = item;
  return fields as ModelRecord;
};

/** The write as the local engine reports it, and who made it; null for a field that is not a model write. */
export function modelWrittenOf(event: ActivityRecordEvent): { write: WrittenModel; caller: Principal | null } | null {
  const { fieldName, before, after, caller } = event.activityRecord;
  const write = modelWriteOf(fieldName);
  if (!write) return null;
  return {
    write: { ...write, before: write.op === 'create' ? null : asRecord(before), after: write.op === 'delete' ? null : asRecord(after) },
    caller: principalOf({ typeName: 'Mutation', fieldName, identity: { resolverContext: caller ?? undefined } }),
  };
}
