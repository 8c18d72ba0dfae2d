import { shop } from '../../config/shop';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../styles/home.css';
import { BannerCarousel } from './components/BannerCarousel';
import { PromotedItems } from './components/PromotedItems';
import { ShopMap } from './components/ShopMap';

export function HomePage() {
  useDocumentTitle('Home');
  return (
    <>
      <BannerCarousel />
      <div className="home-intro">
        <h1>{shop.name}</h1>
        <p>{shop.tagline}</p>
      </div>
      <PromotedItems />
      <ShopMap />
    </>
  );
}
