/**
 * The activity log of model writes in the cloud (decision 0260; wired in amplify/backend.ts). Around
 * Amplify's DynamoDB step of every create, update and delete:
 * - before it, a read of the record as it is, on the model's own table, kept in the stash;
 * - after it, the catalogue function is invoked with that record, the record as written and the
 *   caller (the authorizer's resolverContext), and adds the entry
 *   (amplify/functions/common/model-write-activity.ts), as the local engine does inside the write's
 *   transaction.
 * The write has landed by then: a failure to record is logged by the function, never reported as a
 * failed write, and the answer is the written record, unchanged.
 */

/** A create has no id yet (or a fresh one): the read finds nothing, as it should. */
export const ACTIVITY_BEFORE_REQUEST_TEMPLATE = `{"version":"2018-05-29","operation":"GetItem","key":{"id":$util.dynamodb.toDynamoDBJson($util.defaultIfNullOrBlank($ctx.args.input.id, "-"))},"consistentRead":true}`;

export const ACTIVITY_BEFORE_RESPONSE_TEMPLATE = `#if( $ctx.error )
  $util.error($ctx.error.message, $ctx.error.type)
#end
$util.qr($ctx.stash.put("activityBefore", $ctx.result))
$util.toJson({})`;

export const ACTIVITY_RECORD_REQUEST_TEMPLATE = `{"version":"2018-05-29","operation":"Invoke","payload":{"activityRecord":{"fieldName":$util.toJson($ctx.info.fieldName),"before":$util.toJson($ctx.stash.activityBefore),"after":$util.toJson($ctx.prev.result),"caller":$util.toJson($ctx.identity.resolverContext)}}}`;

export const ACTIVITY_RECORD_RESPONSE_TEMPLATE = `## The write's own answer, whatever the recording did.
$util.toJson($ctx.prev.result)`;
