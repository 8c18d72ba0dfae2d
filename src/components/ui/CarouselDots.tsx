import './carousel-dots.css';

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
