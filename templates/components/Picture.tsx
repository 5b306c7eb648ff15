import type { ImageVariant } from '../../src/shared/page-data.ts';
import { useSite } from '../lib/site-context.tsx';

const srcSet = (variants: ImageVariant[]) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/**
 * The sizes hint from site.yaml's widths (images.contentMaxWidth, images.wideMaxWidth): an image
 * spans the page less its 2.5rem (40 px) of side padding, up to its maximum width.
 */
export function sizesFor(width: number): string {
  return `(min-width: ${width + 40}px) ${width}px, calc(100vw - 2.5rem)`;
}

/**
 * An image of site/images at the right size and format: AVIF and WebP with the original as the
 * fallback, width and height so the layout never shifts, lazy unless it is the page's first large
 * image (`priority`), and a blurred placeholder for photos while they load.
 */
export function Picture({
  src,
  alt,
  size = 'content',
  priority = false,
  className,
}: {
  src: string;
  alt: string;
  size?: 'content' | 'wide';
  priority?: boolean;
  className?: string;
}) {
  const { shared } = useSite();
  // An image of a host site.yaml allows (images.remoteHosts) is shown as it is; it has no sizes to offer.
  if (/^https:\/\//.test(src)) return <img src={src} alt={alt} loading="lazy" decoding="async" className={className} />;
  const image = shared.images[src];
  const sizes = sizesFor(shared.site.imageWidths[size]);
  // Never reached in a finished build: a missing image stops it (the render step reports where).
  if (!image) return <span className={className}>{alt}</span>;
  const fallback = image.sources.fallback;
  const largest = fallback[fallback.length - 1]!;
  const loading = priority ? ({ fetchPriority: 'high', loading: 'eager' } as const) : ({ loading: 'lazy' } as const);
  const style = image.placeholder ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' } : undefined;
  const img = (
    <img
      src={largest.url}
      srcSet={image.kind === 'raster' ? srcSet(fallback) : undefined}
      sizes={image.kind === 'raster' ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      decoding="async"
      className={className}
      style={style}
      {...loading}
    />
  );
  if (image.kind === 'svg') return img;
  return (
    <picture>
      {image.sources.avif?.length ? <source type="image/avif" srcSet={srcSet(image.sources.avif)} sizes={sizes} /> : null}
      {image.sources.webp?.length ? <source type="image/webp" srcSet={srcSet(image.sources.webp)} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}
