/**
 * "Back-in-stock e-mails" on /account (product §11, decision 0336): the customer's own open
 * "Notify me when it's back" requests (decision 0328), each with its item (a link), the stock now
 * and the New York day it was asked (design §7), and "Don't email me". The server keeps the list;
 * a refusal is shown as it is.
 */
import { Link } from 'react-router-dom';
import { formatShortDate, newYorkTime } from '../../../shared/shop-hours';
import { itemPath } from '../../../shared/spa-routes';
import { useNotifyRequests, useSetNotifyMe, type NotifyRequest } from '../pickup/notify-me-api';
import { toast } from '../../lib/signed-in-call';

const stockNow = (stock: number | null | undefined): string =>
  stock === null || stock === undefined ? 'Not counted' : stock > 0 ? `${stock} in stock` : 'Out of stock';

const askedOn = (createdAt: string): string => formatShortDate(newYorkTime(new Date(createdAt)).date);

export function NotifyRequests() {
  const requests = useNotifyRequests();
  const setNotify = useSetNotifyMe();
  const stop = async (request: NotifyRequest) => {
    const name = request.name ?? 'this item';
    const outcome = await setNotify.mutateAsync({ itemId: request.itemId, wanted: false });
    toast(outcome.ok ? 'success' : 'error', outcome.ok ? `You will not be emailed about ${name}` : outcome.message);
  };
  const rows = requests.data ?? [];
  return (
    <section className="account-section" aria-labelledby="account-notify">
      <h2 id="account-notify" className="account-section__title">
        Back-in-stock e-mails
      </h2>
      {requests.isError ? (
        <p role="alert">{requests.error.message}</p>
      ) : !requests.data ? (
        <p className="account-section__note">Loading your requests…</p>
      ) : rows.length === 0 ? (
        <p className="account-section__note">
          You are not waiting for any item. On a sold-out item&apos;s page, choose &ldquo;Notify me when it&apos;s back&rdquo; and we will
          email you once when it is back.
        </p>
      ) : (
        <>
          <p className="account-section__note">We email you once when each item is back, then it leaves this list.</p>
          <ul className="account-notify" aria-label="Items you are waiting for">
            {rows.map((request) => (
              <li key={request.itemId} className="account-notify__row">
                <div className="account-notify__item">
                  {request.name ? (
                    <Link to={itemPath(request.itemId)} className="account-notify__name">
                      {request.name}
                    </Link>
                  ) : (
                    <span className="account-notify__name">No longer in the shop</span>
                  )}
                  <span className="account-notify__facts">
                    {stockNow(request.stock)} · asked {askedOn(request.createdAt)}
                  </span>
                </div>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  onClick={() => void stop(request)}
                  disabled={setNotify.isPending}
                >
                  Don&apos;t email me<span className="visually-hidden"> about {request.name ?? 'this item'}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
