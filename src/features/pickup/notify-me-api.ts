/**
 * "Notify me when it's back" for a signed-in customer (product §11, decision 0328): the caller's
 * open requests, one query shared by every button on the page, and asking or no longer asking.
 * Loaded only by chunks a signed-in customer opens (design §4: not the first script).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../lib/amplify';
import type { ModelRecord } from '../../lib/catalogue';
import { signedIn, type Outcome, type Response } from '../../lib/signed-in-call';
import { useCustomerId, useCustomerQuery } from './pickup-list-api';

export type NotifyRequest = ModelRecord<'NotifyRequest'>;

/** Per customer, so another account signed in on this browser never sees the requests. */
export const notifyRequestsKey = (userId: string) => ['notify-requests', userId] as const;

const loadNotifyRequests = async (): Promise<NotifyRequest[]> => {
  const outcome = await signedIn((auth) => client.queries.myNotifyRequests(auth) as Promise<Response<NotifyRequest[]>>);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.data;
};

/** The caller's open requests while a customer is signed in (disabled otherwise). */
export const useNotifyRequests = () => useCustomerQuery(notifyRequestsKey, loadNotifyRequests);

/** Asks (`wanted` true) or stops asking to be told when `itemId` is back; the list is read again after. */
export function useSetNotifyMe() {
  const userId = useCustomerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, wanted }: { itemId: string; wanted: boolean }): Promise<Outcome<boolean>> =>
      signedIn(
        (auth) =>
          (wanted ? client.mutations.notifyMeWhenBack({ itemId }, auth) : client.mutations.cancelNotifyMe({ itemId }, auth)) as Promise<
            Response<boolean>
          >,
      ),
    onSettled: () => (userId ? queryClient.invalidateQueries({ queryKey: notifyRequestsKey(userId) }) : undefined),
  });
}
