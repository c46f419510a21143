import { Image } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { avatarSrc } from './UserAvatar';
import './media.css';

/** A pixel-drawn picture frame shown while an image waits to come into view and load. */
export function ImagePlaceholder() {
  return (
    <span className="media-state">
      <svg viewBox="0 0 16 12" shape-rendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" opacity=".35" d="M1 1h14v10H1zm1 1v8h12V2z" />
        <path fill="currentColor" opacity=".55" d="M10 3h2v2h-2zM3 9l3-4 2 2 1-1 3 3z" />
      </svg>
    </span>
  );
}

/** The error image (docs/product/limits-and-errors.md#how-the-app-treats-answers): a cracked frame in place of an image that failed to load. */
export function ImageError() {
  return (
    <span className="media-state media-state--error">
      <svg viewBox="0 0 16 12" shape-rendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" opacity=".4" d="M1 1h7v1H2v8h4v1H1zm8 0h6v10H7v-1h7V2H9z" />
        <path fill="currentColor" d="M8 1h1v2H8v2h1v2H8v2h1v2H8V9H7V7h1V5H7V3h1z" />
      </svg>
    </span>
  );
}

/**
 * An image that loads when it scrolls into view (root margin 0, threshold 0: docs/product/app-shell-and-settings.md#lazy-images), with the
 * placeholder until then and the error image if it fails. Upload-host paths resolve against
 * the upload host.
 */
export function LazyImage({
  src,
  alt = '',
  fit = 'cover',
  className,
  style,
  onClick,
}: {
  src: string;
  alt?: string;
  fit?: 'contain' | 'cover';
  className?: string;
  style?: CSSProperties;
  onClick?: () => void;
}) {
  const url = avatarSrc(src);
  // antd shows its fallback both before a lazy image starts and after it fails: only the
  // failure deserves the error image.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = !url || failedUrl === url;
  return (
    <Image
      className={`lazy-image${className ? ` ${className}` : ''}`}
      style={style}
      src={url}
      alt={alt}
      fit={fit}
      lazy
      placeholder={<ImagePlaceholder />}
      fallback={failed ? <ImageError /> : <ImagePlaceholder />}
      onError={() => setFailedUrl(url ?? null)}
      onContainerClick={onClick}
      decoding="async"
      width="100%"
      height="100%"
    />
  );
}
