/** The Shop settings screen's server calls, as the signed-in admin: read the record, save it. */
import { useQuery } from '@tanstack/react-query';
import { SELECTIONS } from '../../../../shared/first-screen';
import { SHOP_SETTINGS_ID } from '../../../../shared/shop-hours';
import { client } from '../../../lib/amplify';
import { useSignedInCall } from '../../../lib/auth';
import type { inputOf } from './settings-form';
import { ApiCallError, throwOnErrors } from '../common/graphql-errors';
import { adminKeys } from '../common/admin-keys';

type SignedInCall = ReturnType<typeof useSignedInCall>;

export function useAdminShopSettings() {
  const signedInCall = useSignedInCall();
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: async () => {
      const result = await signedInCall((auth) =>
        client.models.ShopSettings.get({ id: SHOP_SETTINGS_ID }, { selectionSet: SELECTIONS.shopSettings, ...auth }),
      );
      throwOnErrors(result);
      return result.data ?? null;
    },
    staleTime: 0,
    retry: false,
  });
}

/** Saves the settings: an update of the one record, or its creation when there is none yet. Throws `{ errors }`. */
export async function saveShopSettings(signedInCall: SignedInCall, input: ReturnType<typeof inputOf>, exists: boolean): Promise<void> {
  const result = exists
    ? await signedInCall((auth) => client.models.ShopSettings.update({ id: SHOP_SETTINGS_ID, ...input }, auth))
    : await signedInCall((auth) => client.models.ShopSettings.create({ id: SHOP_SETTINGS_ID, ...input }, auth));
  if (result.errors?.length || !result.data) throw new ApiCallError(result.errors);
}
