import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../lib/format';
import { ProductImage, type ProductImageProps } from './ProductImage';

export interface ProductCardItem {
  id: string;
  name: string;
  price: number | null;
  img: string | null;
}

export interface ProductCardProps {
  item: ProductCardItem;
  /** The name as shown (for example shortened); the full name stays in the image's alt text. */
  label?: string;
  /** The image's `sizes` attribute: how wide the card draws it. */
  sizes: string;
  /** Load the image at once (cards in the first row) instead of lazily. */
  eager?: boolean;
  className?: string;
  /** Without a photo, this drawing (the menu's department drawing; decision 0297) instead of an empty box. */
  fallback?: ProductImageProps['fallback'];
  /** More to say under the price (the menu's size and stock badge), drawn by the page's own chunk. */
  children?: ReactNode;
}

/** A product's image, name and price, linking to its page /item/{id}. */
export const ProductCard = memo(function ProductCard({
  item,
  label = item.name,
  sizes,
  eager = false,
  className,
  fallback,
  children,
}: ProductCardProps) {
  const price = formatPrice(item.price);
  const shortened = label !== item.name;
  return (
    <Link to={`/item/${encodeURIComponent(item.id)}`} className={className ? `product-card ${className}` : 'product-card'}>
      <ProductImage
        item={item}
        // The visible name labels the link; a shortened one is replaced by the alt text (a photo's),
        // or by the hidden name below when the card shows its department's drawing (decision 0297).
        alt={shortened && item.img ? item.name : ''}
        className="product-card__image"
        sizes={sizes}
        priority={eager}
        fallback={fallback}
        emptyClassName="product-card__image--empty"
      />
      <span className="product-card__body">
        {/* A shortened name is hidden from assistive technology, which gets the full one instead. */}
        <span className="product-card__name" title={shortened ? item.name : undefined} aria-hidden={shortened || undefined}>
          {label}
        </span>
        {shortened && !item.img ? <span className="visually-hidden">{item.name}</span> : null}
        {price ? <span className="product-card__price">{price}</span> : null}
        {children}
      </span>
    </Link>
  );
});
