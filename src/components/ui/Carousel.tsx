/** The parts both banner carousels share: the slides' and the dots' markup (APG carousel pattern). */
import type { ReactNode } from 'react';
import './carousel.css';

export interface CarouselDotsProps {
  count: number;
  /** The slide shown now (marked `aria-current`). */
  selected: number;
  onSelect: (index: number) => void;
  /** The group's label; each dot is "Banner 1", "Banner 2", ... */
  label?: string;
}

/** One button per slide, the current one marked: a carousel's dots. */
export function CarouselDots({ count, selected, onSelect, label = 'Choose a banner' }: CarouselDotsProps) {
  return (
    <div className="carousel-dots" role="group" aria-label={label}>
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
