import { shop } from '../../config/shop';
import { useDocumentTitle } from '../../hooks/use-document-title';
import '../../styles/home.css';
import { AgeGate } from './components/AgeGate';
import { BannerCarousel } from './components/BannerCarousel';
import { PromotedItems } from './components/PromotedItems';
import { ShopMap } from './components/ShopMap';

export function HomePage() {
  useDocumentTitle('Home');
  return (
    <>
      <AgeGate />
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
