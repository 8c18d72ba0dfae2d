/**
 * A guard function of ours, first in the pipeline of every model write (create, update, delete)
 * on AppSync (wired in amplify/backend.ts). The transformer's resolvers check types only and
 * allow any Lambda-authorized caller; this adds what the local server enforces before any write:
 * - only an admin writes the catalogue (the authorizer's `deniedFields` already say so, but AppSync
 *   documents denied fields as nulled in the answer, so the write itself is refused here too);
 * - no string in the input is over MAX_TEXT_LENGTH, with the local server's message
 *   (shared/validation/text.ts). Found by the hostile-input battery run against the emulated cloud.
 * A second function follows it with the catalogue rules (MODEL_WRITE_CHECK_REQUEST_TEMPLATE).
 */
import { ROLE_ADMIN } from '../../shared/roles';
import { MAX_TEXT_LENGTH } from '../../shared/validation/text';

const LIMIT = MAX_TEXT_LENGTH.toLocaleString('en-US');

export const MODEL_WRITE_GUARD_REQUEST_TEMPLATE = `## Only admins write models (server/auth/authorizer.ts decides the same locally).
#if( $util.authType() != "Lambda Authorization" || $util.isNull($ctx.identity.resolverContext) || "$ctx.identity.resolverContext.type" != "${ROLE_ADMIN}" )
  $util.unauthorized()
#end
## Strings over ${LIMIT} characters are refused (shared/validation/text.ts).
#set( $tooLong = "" )
#foreach( $entry in $ctx.args.input.entrySet() )
  #if( $util.isString($entry.value) && $entry.value.length() > ${MAX_TEXT_LENGTH} )
    #set( $tooLong = $entry.key )
  #elseif( $util.isList($entry.value) )
    #foreach( $item in $entry.value )
      #if( $util.isString($item) && $item.length() > ${MAX_TEXT_LENGTH} )
        #set( $tooLong = $entry.key )
      #end
    #end
  #end
#end
#if( $tooLong != "" )
  $util.error("$tooLong.substring(0, 1).toUpperCase()$tooLong.substring(1) is too long: at most ${LIMIT} characters (input.$tooLong)", "ValidationError")
#end
$util.toJson({"version":"2018-05-29","payload":{}})`;

export const MODEL_WRITE_GUARD_RESPONSE_TEMPLATE = '$util.toJson({})';

/**
 * The second guard, after the first and the read of the record as it is (model-write-activity.ts):
 * the catalogue rules, which need code and lookups (a department
 * tag, the built-in tags, uploaded images, an item's facts as shared/item-facts.ts allows them). It invokes the catalogue function, which runs the local
 * server's guard (amplify/functions/common/model-write-check.ts); its answer is read with the
 * functions' RESPONSE_TEMPLATE, so a refusal keeps its ValidationError and message.
 */
export const MODEL_WRITE_CHECK_REQUEST_TEMPLATE = `{"version":"2018-05-29","operation":"Invoke","payload":{"modelWriteCheck":{"fieldName":$util.toJson($ctx.info.fieldName),"input":$util.toJson($ctx.args.input),"before":$util.toJson($ctx.stash.activityBefore)}}}`;

/**
 * The check's answer: an error raised with its own type and message; or what the write stores
 * when the server adds to it (an item's price history, server/catalogue/price-history.ts), handed
 * to Amplify's DynamoDB step as its `transformedArgs`, and the condition that the record is still
 * the one the check judged (its updatedAt as read), added to the step's own conditions.
 */
export const MODEL_WRITE_CHECK_RESPONSE_TEMPLATE = `#if( $ctx.error )
  $util.error($ctx.error.message, $ctx.error.type)
#end
#if( !$util.isNull($ctx.result.error) )
  $util.error($ctx.result.error.message, $ctx.result.error.errorType, null, $ctx.result.error.errorInfo)
#end
#if( !$util.isNull($ctx.result.data.input) )
  $util.qr($ctx.stash.put("transformedArgs", {"input": $ctx.result.data.input, "condition": $ctx.args.condition}))
#end
#if( !$util.isNull($ctx.result.data.condition) )
  $util.qr($ctx.stash.conditions.add($ctx.result.data.condition))
#end
$util.toJson({})`;

/** The resolvers it guards: every create, update and delete of a model. */
export const isModelWrite = (models: readonly string[], typeName: string, fieldName: string) =>
  typeName === 'Mutation' && models.some((model) => ['create', 'update', 'delete'].some((verb) => fieldName === `${verb}${model}`));
