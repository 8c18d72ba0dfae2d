import { useEffect, useRef, useState } from 'react';
import { StoredImage } from '../../../components/ui/StoredImage';
import { CarouselNav, CarouselSlide } from '../../../components/ui/Carousel';
import type { AdminBanner } from './api';

/**
 * The portal's banner preview: one banner at a time with previous/next arrows and dots, looping
 * (no autoplay: product §4's default is off). Simpler than the storefront's carousel, which lives in
 * the public home feature; this one needs no swipe physics.
 */
export function AdminBannerCarousel({ banners }: { banners: readonly AdminBanner[] }) {
  const [selected, setSelected] = useState(0);
  const count = banners.length;
  const current = Math.min(selected, Math.max(0, count - 1));
  const announce = useRef(false);

  useEffect(() => {
    if (selected >= count && count > 0) setSelected(count - 1);
  }, [selected, count]);

  const go = (index: number) => {
    announce.current = true;
    setSelected(((index % count) + count) % count);
  };

  const banner = banners[current];
  if (!banner) return <p className="admin-banner-carousel__empty">No banners yet. Use Change Banner to add some.</p>;
  return (
    <section className="admin-banner-carousel" aria-roledescription="carousel" aria-label="Banners">
      <div className="admin-banner-carousel__viewport">
        {/* Only the banner shown is in the page: the preview has no sliding between them. */}
        <CarouselSlide key={banner.id} index={current} count={count} className="admin-banner-carousel__slide">
          <StoredImage
            className="admin-banner-carousel__image"
            url={banner.img}
            alt={`Banner ${current + 1}`}
            width={1900}
            height={370}
            sizes="(max-width: 64rem) 100vw, 80vw"
            priority={current === 0}
          />
        </CarouselSlide>
      </div>
      {count > 1 ? (
        <div className="admin-banner-carousel__controls">
          <CarouselNav count={count} selected={current} onSelect={go} onStep={(step) => go(current + step)} buttonClassName="icon-button" />
          <p className="visually-hidden" aria-live={announce.current ? 'polite' : 'off'}>{`Banner ${current + 1} of ${count}`}</p>
        </div>
      ) : null}
    </section>
  );
}
