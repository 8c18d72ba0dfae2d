import { shop } from '../../config/shop';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../styles/about.css';

/** About Us (SPEC §2): Who We Are, Our Mission, Our Team. */
export function AboutPage() {
  useDocumentTitle('About Us');
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
    </>
  );
}
