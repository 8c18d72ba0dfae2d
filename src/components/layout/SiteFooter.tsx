import { weeklyHoursOf } from '../../../shared/shop-hours';
import { shop } from '../../../shared/shop';
import { useShopDetails } from '../../lib/shop-settings';
import { useRenderTime } from '../../lib/hydration';
import { OpeningHours } from '../shop/OpeningHours';

/** Public footer: the Contact section with address, phone and e-mail (product §2), and the opening hours. */
export function SiteFooter() {
  const year = useRenderTime().getFullYear();
  const details = useShopDetails();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__grid">
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact</h2>
            <address className="site-footer__address">
              <ul className="contact-list">
                <li>
                  <span className="visually-hidden">Address: </span>
                  {details.addressLine}
                </li>
                <li>
                  <span className="visually-hidden">Phone: </span>
                  <a href={details.phoneHref}>{details.phone}</a>
                </li>
                <li>
                  <span className="visually-hidden">E-mail: </span>
                  <a href={`mailto:${details.email}`}>{details.email}</a>
                </li>
              </ul>
            </address>
          </section>
          {weeklyHoursOf(details.hours) ? (
            <section aria-labelledby="footer-hours" className="site-footer__hours">
              <h2 id="footer-hours">Hours</h2>
              <OpeningHours hours={details.hours} withSpecialDates={false} labelledBy="footer-hours" />
            </section>
          ) : null}
          <div>
            <p className="site-footer__name">{details.name}</p>
            <p>{shop.tagline}</p>
          </div>
        </div>
        <p className="site-footer__legal">
          © {year} {details.name}. Please drink responsibly; you must be 21 or older to buy alcohol.
        </p>
      </div>
    </footer>
  );
}
