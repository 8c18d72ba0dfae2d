import { weeklyHoursOf } from '../../../shared/shop-hours';
import { OpeningHours } from '../../components/shop/OpeningHours';
import { shop } from '../../../shared/shop';
import { usePageHead } from '../../hooks/use-page-head';
import { useShopDetails } from '../../lib/shop-settings';
import './about.css';

/** About Us (product §2): Who We Are, Our Mission, Our Team; then where and when to find us. */
export function AboutPage() {
  usePageHead();
  const details = useShopDetails();
  return (
    <>
      <h1 className="page-heading">About Us</h1>
      <div className="about">
        {shop.about.map((section, index) => {
          const headingId = `about-${index}`;
          return (
            <section key={section.heading} className="about__section" aria-labelledby={headingId}>
              <h2 id={headingId}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          );
        })}
      </div>
      <section className="about__section about__visit" aria-labelledby="about-visit">
        <h2 id="about-visit">Visit Us</h2>
        <div className="about__visit-grid">
          <address className="about__contact">
            <p>{details.addressLine}</p>
            <p>
              <a href={details.phoneHref}>{details.phone}</a>
            </p>
            <p>
              <a href={`mailto:${details.email}`}>{details.email}</a>
            </p>
          </address>
          {weeklyHoursOf(details.hours) ? (
            <div>
              <h3 id="about-hours">Opening hours</h3>
              <OpeningHours hours={details.hours} labelledBy="about-hours" />
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}
