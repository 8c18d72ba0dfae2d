import type { ReactNode } from 'react';
import { departmentPicture } from '../../../shared/catalogue';
import { StoredImage } from './StoredImage';

/** Catalogue product photos are 600x800 portrait. */
export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 800;

export interface ProductImageProps {
  item: { name: string; img?: string | null; tags?: readonly (string | null)[] | null };
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
   * Without a photo, show the item's department drawing (the storefront; decision 0297) instead of
   * an empty box. Its text alternative says it is no photo: empty where `alt` is (a card's link
   * is named by the item), else "No photo yet: a drawing of a wine bottle".
   */
  departmentPicture?: boolean;
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
  departmentPicture: withPicture = false,
}: ProductImageProps) {
  const classes = `product-photo ${className}`;
  if (item.img) {
    return (
      <StoredImage
        className={classes}
        url={item.img}
        alt={alt}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        sizes={sizes}
        priority={priority}
      />
    );
  }
  if (withPicture) {
    const picture = departmentPicture(item.tags);
    return (
      <img
        className={`${classes} product-photo--drawing`}
        src={picture.src}
        alt={alt === '' ? '' : `No photo yet: ${picture.shows}`}
        width={PRODUCT_IMAGE_WIDTH}
        height={PRODUCT_IMAGE_HEIGHT}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  return (
    <span className={emptyClassName ? `${classes} ${emptyClassName}` : classes} aria-hidden={placeholder ? undefined : true}>
      {placeholder}
    </span>
  );
}
