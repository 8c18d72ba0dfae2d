/**
 * The shop's field policy from the generated SDL, bundled as text (esbuild loader `.graphql`):
 * what the authorizer answers, and what each function checks again before it runs a handler.
 */
import sdl from '../../../server/generated/appsync-schema.graphql';
import { SELF_SERVICE_FIELDS } from '../../../server/composition/compose-shop';
import { fieldPolicyFromSdl } from './field-policy';

export const SHOP_FIELD_POLICY = fieldPolicyFromSdl(sdl, SELF_SERVICE_FIELDS);
