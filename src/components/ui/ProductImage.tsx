import type { ReactNode } from 'react';
import { StoredImage } from './StoredImage';

/** Catalogue product photos are 600x800 portrait. */
export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 800;

export interface ProductImageProps {
  item: { name: string; img?: string | null };
  /** The picture's text alternative; the item's name unless something else names it. */
  alt?: string;
  className: string;
  /** Added to `className` on the box shown when the item has no picture. */
  emptyClassName?: string;
  sizes: string;
  priority?: boolean;
  /** What the empty box says; without it the box is decoration, hidden from screen readers. */
  placeholder?: ReactNode;
  /**
   * Without a photo, this drawing instead of an empty box (the storefront's department drawing,
   * `departmentPicture` in shared/catalogue.ts; decision 0297). Its text alternative says it is no
   * photo: empty where `alt` is (a card's link is named by the item), else "No photo yet: a
   * drawing of a wine bottle". Given by the lazy pages, so the first script stays as it was.
   */
  fallback?: { src: string; shows: string } | null;
}

/** An item's picture at the catalogue's size, or its department's drawing, or a box of the same size when it has none. */
export function ProductImage({
  item,
  alt = item.name,
  className,
  emptyClassName,
  sizes,
  priority,
  placeholder,
  fallback,
}: ProductImageProps) {
  const classes = `product-photo ${className}`;
  const picture = item.img ? null : fallback;
  if (item.img || picture) {
    return (
      <StoredImage
        className={classes}
        url={picture?.src ?? item.img ?? ''}
        alt={picture && alt ? `No photo yet: ${picture.shows}` : alt}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        sizes={sizes}
        priority={priority}
      />
    );
  }
  return (
    <span className={emptyClassName ? `${classes} ${emptyClassName}` : classes} aria-hidden={placeholder ? undefined : true}>
      {placeholder}
    </span>
  );
}
