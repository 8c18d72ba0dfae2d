import { todayStatus } from '../../../../shared/shop-hours';
import { shop } from '../../../../shared/shop';
import { useNow, useShopDetails } from '../../../lib/shop-settings';
import { osmMapUrl } from '../map-url';

/**
 * The phone's first screen (decision 0279): today's hours, a tap to call and directions, under the
 * shop's name, so a visitor on the way does not scroll past the promotions for them. Its box keeps
 * its height while the hours load (home.css), so nothing below moves.
 */
export function VisitToday() {
  const details = useShopDetails();
  const status = todayStatus(details.hours, useNow());
  return (
    <section className="today" aria-label="Visit us today">
      <p className="today__hours" data-hours-status>
        {status ? (
          <>
            <strong className={status.openNow ? 'today__open' : undefined}>{status.today}</strong>
            {status.next ? <span> {status.next}</span> : null}
          </>
        ) : null}
      </p>
      <p className="today__actions">
        <a className="button" href={details.phoneHref}>
          Call {details.phone}
        </a>
        <a
          className="button button--outline"
          href={details.mapUrl ?? osmMapUrl(shop.coordinates)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Directions<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
