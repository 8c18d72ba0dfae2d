import { shop, shopAddressLine, shopPhoneHref } from '../../../config/shop';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { osmEmbedUrl, osmMapUrl } from '../map-url';

/**
 * Visit Us: the shop's address and a map of where it is, loaded only when scrolled near. The
 * map's box keeps its size while empty, so nothing moves when the frame arrives.
 */
export function ShopMap() {
  const [mapBox, near] = useNearViewport<HTMLDivElement>();
  return (
    <section className="visit" aria-labelledby="visit-heading">
      <h2 id="visit-heading" className="section-heading">
        Visit Us
      </h2>
      <div className="visit__layout">
        <div className="visit__details">
          <address className="visit__address">
            <strong>{shop.name}</strong>
            <br />
            {shop.address.street}
            <br />
            {shop.address.city}, {shop.address.state} {shop.address.zip}
          </address>
          <p>
            <a href={shopPhoneHref}>{shop.phone}</a>
          </p>
          <p>
            <a href={osmMapUrl(shop.coordinates)} target="_blank" rel="noopener noreferrer">
              Open a larger map<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <div ref={mapBox} className="visit__map">
          {near ? (
            <iframe
              src={osmEmbedUrl(shop.coordinates)}
              title={`Map showing ${shop.name} at ${shopAddressLine}`}
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
