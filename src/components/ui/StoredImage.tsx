import { responsiveImage } from '../../../shared/media';

export interface StoredImageProps {
  /** An `img` field: a stored `/media/...png` (served with WebP variants by width) or any URL. */
  url: string;
  alt: string;
  /** The picture's intrinsic size; reserves its box before it loads (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is drawn, for choosing a variant (the `sizes` attribute). */
  sizes: string;
  /** The page's main image: fetched first and never lazily. Others load when near the viewport. */
  priority?: boolean;
  className?: string;
}

/** An image of the catalogue, with `srcset` variants when the server has them. */
export function StoredImage({ url, alt, width, height, sizes, priority = false, className }: StoredImageProps) {
  const { src, srcSet } = responsiveImage(url);
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
