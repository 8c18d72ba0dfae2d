import { shop } from '../../config/shop';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { PromotedItems } from './components/PromotedItems';

export function HomePage() {
  useDocumentTitle('Home');
  return (
    <>
      <div className="home-intro">
        <h1>{shop.name}</h1>
        <p>{shop.tagline}</p>
      </div>
      <PromotedItems />
    </>
  );
}
