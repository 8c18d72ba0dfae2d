import { weeklyHoursOf } from '../../../../shared/shop-hours';
import { shop } from '../../../../shared/shop';
import { OpeningHours } from '../../../components/shop/OpeningHours';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { useShopDetails } from '../../../lib/shop-settings';
import { osmEmbedUrl, osmMapUrl } from '../map-url';

/**
 * Visit Us: the shop's address, hours and a map of where it is, loaded only when scrolled near.
 * The map's box keeps its size while empty, so nothing moves when the frame arrives.
 */
export function ShopMap() {
  const [mapBox, near] = useNearViewport<HTMLDivElement>();
  const details = useShopDetails();
  const [street, ...rest] = details.addressLine.split(', ');
  return (
    <section className="visit" aria-labelledby="visit-heading">
      <h2 id="visit-heading" className="section-heading">
        Visit Us
      </h2>
      <div className="visit__layout">
        <div className="visit__details">
          <address className="visit__address">
            <strong>{details.name}</strong>
            <br />
            {street}
            {rest.length ? (
              <>
                <br />
                {rest.join(', ')}
              </>
            ) : null}
          </address>
          <p>
            <a href={details.phoneHref}>{details.phone}</a>
          </p>
          <p>
            <a href={details.mapUrl ?? osmMapUrl(shop.coordinates)} target="_blank" rel="noopener noreferrer">
              Open a larger map<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          {weeklyHoursOf(details.hours) ? (
            <div className="visit__hours">
              <h3 id="visit-hours">Opening hours</h3>
              <OpeningHours hours={details.hours} labelledBy="visit-hours" />
            </div>
          ) : null}
        </div>
        <div ref={mapBox} className="visit__map">
          {near ? (
            <iframe
              src={osmEmbedUrl(shop.coordinates)}
              title={`Map showing ${details.name} at ${details.addressLine}`}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              width="640"
              height="360"
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
