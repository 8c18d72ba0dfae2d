/**
 * The text limit on AppSync's model mutations. The transformer's resolvers check types only, so a
 * pipeline function of ours runs first in each create/update resolver (amplify/backend.ts) and
 * refuses any string over MAX_TEXT_LENGTH in the input, with the local server's message
 * (shared/validation/text.ts). Found by the hostile-input battery run against the emulated cloud.
 */
import { MAX_TEXT_LENGTH } from '../../shared/validation/text';

const LIMIT = MAX_TEXT_LENGTH.toLocaleString('en-US');

export const TEXT_GUARD_REQUEST_TEMPLATE = `## Strings over ${LIMIT} characters are refused (shared/validation/text.ts).
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
{}`;

export const TEXT_GUARD_RESPONSE_TEMPLATE = '$util.toJson({})';

/** The mutations it guards: every create and update of a model. */
export const isGuardedModelMutation = (models: readonly string[], typeName: string, fieldName: string) =>
  typeName === 'Mutation' && models.some((model) => fieldName === `create${model}` || fieldName === `update${model}`);
