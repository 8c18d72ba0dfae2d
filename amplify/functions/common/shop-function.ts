/**
 * A shop Lambda function (decision 0363): the composition of server/composition on the services
 * this function builds on DynamoDB and S3. It answers each kind of event the cloud sends it: an
 * AppSync call of an operation it serves, a model write to check before it is stored, a model
 * write that landed (its reactions), and a schedule's turn. Nothing here wires one part of the shop
 * to another; the composition does, as it does for the local server.
 */
import { composeShop, servedFields, type ServiceFactories, type Shop } from '../../../server/composition/compose-shop';
import type { ShopLambda } from '../../../server/composition/lambdas';
import { isScheduleName, type ScheduleName } from '../../../server/composition/schedules';
import type { ModelWrite } from '../../../server/model/model-writes';
import { runHandler, type AmplifyFunctionEvent, type FunctionResult, type LambdaContext } from './appsync';
import { isActivityRecord, modelWrittenOf, type ActivityRecordEvent } from './model-write-activity';
import { checkModelWrite, isModelWriteCheck, type ModelWriteCheckEvent } from './model-write-check';
import { SHOP_FIELD_POLICY } from './shop-field-policy';

/**
 * A schedule's turn (amplify/backend.ts's EventBridge rules send `{ "schedule": name }`). `now`
 * (an ISO instant) runs it as at that time: only the schedules and the tests of the emulated cloud
 * invoke a function directly, never a client.
 */
export interface ScheduleEvent {
  schedule: ScheduleName;
  now?: string;
}

const isScheduleEvent = (event: object): event is ScheduleEvent => isScheduleName((event as Partial<ScheduleEvent>).schedule);

const runTime = (event: ScheduleEvent) => {
  const at = typeof event.now === 'string' ? Date.parse(event.now) : Number.NaN;
  return Number.isNaN(at) ? new Date() : new Date(at);
};

export type ShopFunctionEvent = AmplifyFunctionEvent | ModelWriteCheckEvent | ActivityRecordEvent | ScheduleEvent;

export interface ShopFunctionParts {
  /** The services this function builds (each on first use); one it lacks fails the operation that needs it. */
  services: () => ServiceFactories;
  /** The catalogue's rules before a model write (the function the schema's model pipelines call). */
  modelWriteGuard?: () => (write: ModelWrite) => Promise<void>;
}

export function shopFunction(lambda: ShopLambda, parts: ShopFunctionParts) {
  let shop: Shop | undefined;
  let guard: ((write: ModelWrite) => Promise<void>) | undefined;
  const served = servedFields(lambda);
  const composed = () => (shop ??= composeShop(parts.services()));

  return async (event: ShopFunctionEvent, context?: LambdaContext): Promise<FunctionResult | Record<string, unknown>> => {
    if (isScheduleEvent(event)) return { [event.schedule]: await composed().runSchedule(event.schedule, runTime(event)) };
    if (isActivityRecord(event)) {
      const written = modelWrittenOf(event);
      return { data: written ? await composed().modelWritten(written.write, written.caller) : false };
    }
    if (isModelWriteCheck(event)) {
      if (!parts.modelWriteGuard) throw new Error(`${lambda} does not check model writes`);
      return checkModelWrite(event, (guard ??= parts.modelWriteGuard()));
    }
    return runHandler(composed().handlers, served, SHOP_FIELD_POLICY, event, context);
  };
}
