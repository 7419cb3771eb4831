import { type ImgHTMLAttributes, useState } from 'react';
import { toOssUrl } from '../lib/oss-url';

const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 240">
<rect width="320" height="240" fill="#eef2f7"/>
<path d="M118 150l42-38 42 38v34h-26v-22h-32v22h-26z" fill="#c4cfdd"/>
<path d="M104 152l56-50 56 50" stroke="#c4cfdd" stroke-width="8" fill="none" stroke-linejoin="round"/>
<text x="160" y="214" font-size="16" text-anchor="middle" fill="#8a99ad">暂无图片</text>
</svg>`;

/** The picture shown when an image is missing or fails to load. */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(PLACEHOLDER_SVG)}`;

interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** A stored path (resolved under /oss/app/) or a URL; empty shows the placeholder. */
  src: string | null | undefined;
  alt: string;
  fallback?: string;
}

/** An image that falls back to a placeholder when it is missing or broken (docs/product/site-shell.md). */
export function ImageWithFallback({
  src,
  alt,
  fallback = IMAGE_PLACEHOLDER,
  loading = 'lazy',
  onError,
  ...rest
}: ImageWithFallbackProps) {
  const resolved = toOssUrl(src);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = resolved && failedSrc !== resolved ? resolved : fallback;
  return (
    <img
      {...rest}
      src={shown}
      alt={alt}
      loading={loading}
      onError={(event) => {
        if (shown !== fallback) setFailedSrc(resolved);
        onError?.(event);
      }}
    />
  );
}
