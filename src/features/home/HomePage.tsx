import { shop } from '../../../shared/shop';
import { usePageHead } from '../../hooks/use-page-head';
import './home.css';
import { BannerCarousel } from './components/BannerCarousel';
import { PromotedItems } from './components/PromotedItems';
import { ShopMap } from './components/ShopMap';
import { VisitToday } from './components/VisitToday';

export function HomePage() {
  usePageHead();
  return (
    <>
      <BannerCarousel />
      <div className="home-intro">
        <h1>{shop.name}</h1>
        <VisitToday />
        <p>{shop.tagline}</p>
      </div>
      <PromotedItems />
      <ShopMap />
    </>
  );
}
