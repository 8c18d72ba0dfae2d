/**
 * The activity entry of a model write in the cloud: the pipeline's last function
 * (amplify/data/model-write-activity.ts) sends the record before and after the write and the
 * caller; the same recorder as the local engine's turns them into the entry.
 */
import type { ActivityRecorder } from '../../../server/activity/activity-recorder';
import type { ModelRecord } from '../../../server/model/model-writes';
import { principalOf, type FunctionResult } from './appsync';
import { modelWriteOf } from './model-write-check';
import { operatorLine } from '../../../shared/log-line';

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

/** Records the write; a failure is logged here (the write has landed), never returned as one. */
export async function recordModelWriteActivity(event: ActivityRecordEvent, activity: ActivityRecorder): Promise<FunctionResult> {
  const { fieldName, before, after, caller } = event.activityRecord;
  const write = modelWriteOf(fieldName);
  if (!write) return { data: false };
  try {
    await activity.recordModelWrite(
      { ...write, before: write.op === 'create' ? null : asRecord(before), after: write.op === 'delete' ? null : asRecord(after) },
      principalOf({ typeName: 'Mutation', fieldName, identity: { resolverContext: caller ?? undefined } }),
    );
    return { data: true };
  } catch (error) {
    console.error(operatorLine('activity', `${fieldName} was not recorded`, error));
    return { data: false };
  }
}
