export interface CarouselDotsProps {
  count: number;
  /** The slide shown now (marked `aria-current`). */
  selected: number;
  onSelect: (index: number) => void;
  /** BEM block of the classes: `${block}__dots` on the group, `${block}__dot` on each dot. */
  block: string;
  /** The group's label; each dot is "Banner 1", "Banner 2", ... */
  label?: string;
}

/** One button per slide, the current one marked: a carousel's dots. */
export function CarouselDots({ count, selected, onSelect, block, label = 'Choose a banner' }: CarouselDotsProps) {
  return (
    <div className={`${block}__dots`} role="group" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className={`${block}__dot`}
          aria-label={`Banner ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
