import { shop, shopAddressLine, shopPhoneHref } from '../../config/shop';

/** Public footer: the Contact section with address, phone and e-mail (SPEC §2). */
export function SiteFooter() {
  const year = new Date().getFullYear();
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
                  {shopAddressLine}
                </li>
                <li>
                  <span className="visually-hidden">Phone: </span>
                  <a href={shopPhoneHref}>{shop.phone}</a>
                </li>
                <li>
                  <span className="visually-hidden">E-mail: </span>
                  <a href={`mailto:${shop.email}`}>{shop.email}</a>
                </li>
              </ul>
            </address>
          </section>
          <div>
            <p className="site-footer__name">{shop.name}</p>
            <p>{shop.tagline}</p>
          </div>
        </div>
        <p className="site-footer__legal">
          © {year} {shop.name}. Please drink responsibly; you must be 21 or older to buy alcohol.
        </p>
      </div>
    </footer>
  );
}
