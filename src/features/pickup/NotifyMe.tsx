/**
 * "Notify me when it's back" on an out-of-stock item's page (product §11, decision 0328), for a
 * signed-in customer: one e-mail when the shelf has it again, then the request is gone. Asked
 * already, it says so and offers to stop. The server checks everything again (a confirmed address,
 * the item really out of stock, the number of requests) and its refusal is shown as it is.
 */
import { toast } from '../../lib/signed-in-call';
import { useNotifyRequests, useSetNotifyMe } from './notify-me-api';
import type { PickupItem } from './pickup-item';

export function NotifyMe({ item }: { item: PickupItem }) {
  const requests = useNotifyRequests();
  const setNotify = useSetNotifyMe();
  if (!requests.data) return null;
  const asked = requests.data.some((request) => request.itemId === item.id);

  const change = async (wanted: boolean) => {
    const outcome = await setNotify.mutateAsync({ itemId: item.id, wanted });
    if (!outcome.ok) return toast('error', outcome.message);
    toast('success', wanted ? `We will email you once when ${item.name} is back` : `You will not be emailed about ${item.name}`);
  };

  return asked ? (
    <>
      <p className="pickup-add__notify-asked">We will email you when it is back.</p>
      <button
        type="button"
        className="button button--small button--ghost"
        onClick={() => void change(false)}
        disabled={setNotify.isPending}
      >
        Don&apos;t email me<span className="visually-hidden"> about {item.name}</span>
      </button>
    </>
  ) : (
    <button
      type="button"
      className="button button--outline pickup-add__notify"
      onClick={() => void change(true)}
      disabled={setNotify.isPending}
    >
      {setNotify.isPending ? 'Saving…' : "Notify me when it's back"}
    </button>
  );
}
