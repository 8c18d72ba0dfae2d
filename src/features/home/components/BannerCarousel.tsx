import { useEffect, useRef, useState } from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { IMAGE_SIZES } from '../../../../shared/first-screen';
import { CarouselNav, CarouselSlide } from '../../../components/ui/Carousel';
import { StoredImage } from '../../../components/ui/StoredImage';
import { PauseIcon, PlayIcon } from '../../../components/ui/icons';
import { useBanners, type Banner } from '../api/get-banners';
import { CAROUSEL, EMBLA_DURATION, slideAfterSwipe } from '../banner-swipe';

/**
 * Banners are 1900x370 (product §9); drawn at most the page content's width. On phones (home.css,
 * at most 600 px) they are drawn taller and cropped, with their description as a caption (decision 0201).
 */
const BANNER_WIDTH = 1900;
const BANNER_HEIGHT = 370;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Embla decides where a drag ends by its speed; product §4 wants a swipe beyond a third of the
 * width to change the slide and a shorter one not to. After Embla picks, this corrects it.
 */
function enforceSwipeThreshold(embla: EmblaCarouselType, viewport: HTMLElement): () => void {
  let startX = 0;
  let lastX = 0;
  let startIndex = 0;
  const onMove = (event: PointerEvent) => {
    lastX = event.clientX;
  };
  const onDown = (event: PointerEvent) => {
    startX = lastX = event.clientX;
    window.addEventListener('pointermove', onMove, { passive: true });
  };
  const onEmblaDown = () => {
    startIndex = embla.selectedScrollSnap();
  };
  const onEmblaUp = () => {
    window.removeEventListener('pointermove', onMove);
    const count = embla.scrollSnapList().length;
    const target = slideAfterSwipe({ start: startIndex, count, dx: lastX - startX, width: viewport.clientWidth, loop: true });
    if (embla.selectedScrollSnap() !== target) embla.scrollTo(target);
  };
  viewport.addEventListener('pointerdown', onDown);
  embla.on('pointerDown', onEmblaDown).on('pointerUp', onEmblaUp);
  return () => {
    viewport.removeEventListener('pointerdown', onDown);
    window.removeEventListener('pointermove', onMove);
    embla.off('pointerDown', onEmblaDown).off('pointerUp', onEmblaUp);
  };
}

/**
 * The banner slides with their controls. The markup is complete (and the first banner shows)
 * before Embla, loaded as its own chunk after the first render, takes over the sliding.
 */
function BannerSlides({ banners }: { banners: readonly Banner[] }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState<boolean>(CAROUSEL.autoplay);
  const [hovered, setHovered] = useState(false);
  const count = banners.length;

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || count < 2) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    let stopSwipe = () => {};
    import('embla-carousel')
      .then(({ default: EmblaCarousel }) => {
        if (cancelled) return;
        const carousel = EmblaCarousel(viewport, {
          loop: true,
          duration: prefersReducedMotion() ? 0 : EMBLA_DURATION,
        });
        instance = carousel;
        carousel.on('select', () => setSelected(carousel.selectedScrollSnap()));
        stopSwipe = enforceSwipeThreshold(carousel, viewport);
        setSelected(carousel.selectedScrollSnap());
        setEmbla(carousel);
      })
      .catch((error: unknown) => console.warn('The banner carousel could not be loaded:', error));
    return () => {
      cancelled = true;
      stopSwipe();
      instance?.destroy();
      setEmbla(null);
    };
  }, [count]);

  // Autoplay: the next banner after the delay, counted again after every change of slide.
  useEffect(() => {
    if (!embla || !playing || hovered) return;
    const timer = window.setTimeout(() => embla.scrollNext(), CAROUSEL.delayMs);
    return () => window.clearTimeout(timer);
  }, [embla, playing, hovered, selected]);

  return (
    <section className="banner-carousel" aria-roledescription="carousel" aria-label="Shop news">
      <div
        ref={viewportRef}
        className="banner-carousel__viewport"
        onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
        onPointerLeave={() => setHovered(false)}
      >
        <div className="banner-carousel__container">
          {banners.map((banner, index) => (
            <CarouselSlide key={banner.id} index={index} count={count} className="banner-carousel__slide" inView={index === selected}>
              <StoredImage
                className="banner-carousel__image"
                url={banner.img}
                alt={banner.description ?? ''}
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                sizes={IMAGE_SIZES.banner}
                priority={index === 0}
              />
              {/* Shown under the image on phones only (home.css), where its own text is small;
                  hidden from screen readers, which read the same words as the image's alt. */}
              {banner.description ? (
                <p className="banner-carousel__caption" aria-hidden="true">
                  {banner.description}
                </p>
              ) : null}
            </CarouselSlide>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="banner-carousel__controls">
          <button
            type="button"
            className="button button--outline carousel-button carousel-button--play"
            onClick={() => setPlaying((value) => !value)}
            aria-label={playing ? 'Pause banners' : 'Play banners'}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span aria-hidden="true">{playing ? 'Pause' : 'Play'}</span>
          </button>
          <CarouselNav
            count={count}
            selected={selected}
            onSelect={(index) => embla?.scrollTo(index)}
            onStep={(step) => (step < 0 ? embla?.scrollPrev() : embla?.scrollNext())}
            buttonClassName="button button--outline carousel-button"
          />
        </div>
      ) : null}
    </section>
  );
}

/** The home page's banner carousel (product §2, §4). Nothing when there are no banners. */
export function BannerCarousel() {
  const { data, isPending } = useBanners();
  if (isPending) {
    // The loaded carousel's footprint, so nothing below moves when the banners arrive.
    return (
      <div className="banner-carousel banner-carousel--loading" aria-hidden="true">
        <div className="banner-carousel__viewport" />
        <div className="banner-carousel__controls" />
      </div>
    );
  }
  if (!data?.length) return null;
  return <BannerSlides banners={data} />;
}
