/** The parts both banner carousels share: slides, and Previous, dots and Next (APG carousel pattern). */
import type { ReactNode } from 'react';
import { ChevronIcon } from './icons';
import './carousel.css';

export interface CarouselNavProps {
  count: number;
  /** The slide shown now (its dot is marked `aria-current`). */
  selected: number;
  onSelect: (index: number) => void;
  /** Previous (-1) or Next (+1); a carousel that loops wraps around. */
  onStep: (step: -1 | 1) => void;
  /** The class of the Previous and Next buttons. */
  buttonClassName: string;
}

/** Previous, one dot per slide ("Banner 1", "Banner 2", ...), Next. */
export function CarouselNav({ count, selected, onSelect, onStep, buttonClassName }: CarouselNavProps) {
  return (
    <>
      <button type="button" className={buttonClassName} aria-label="Previous banner" onClick={() => onStep(-1)}>
        <ChevronIcon direction="left" />
      </button>
      <CarouselDots count={count} selected={selected} onSelect={onSelect} />
      <button type="button" className={buttonClassName} aria-label="Next banner" onClick={() => onStep(1)}>
        <ChevronIcon direction="right" />
      </button>
    </>
  );
}

function CarouselDots({ count, selected, onSelect }: Pick<CarouselNavProps, 'count' | 'selected' | 'onSelect'>) {
  return (
    <div className="carousel-dots" role="group" aria-label="Choose a banner">
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="carousel-dots__dot"
          aria-label={`Banner ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}

export interface CarouselSlideProps {
  /** 0-based; the slide is named "2 of 5". */
  index: number;
  count: number;
  className: string;
  /** A slide out of view is hidden from screen readers (it stays in the page for sliding). */
  inView?: boolean;
  children: ReactNode;
}

/** One slide: a group named by its position. */
export function CarouselSlide({ index, count, className, inView = true, children }: CarouselSlideProps) {
  return (
    <div className={className} role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`} aria-hidden={!inView}>
      {children}
    </div>
  );
}
