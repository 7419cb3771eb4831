import { ImageWithFallback, IMAGE_PLACEHOLDER } from '../../../components/image-with-fallback';
import { usePhotoViewer } from '../../../components/photo-viewer/use-photo-viewer';
import { useNewTabLink } from '../../../lib/new-tab';
import { toOssUrl } from '../../../lib/oss-url';
import styles from './project-sections.module.css';

/** A play-button picture for videos that have no poster or fail to load (docs/product/new-build.md). */
export const VIDEO_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90"><rect width="120" height="90" fill="#1f2937"/><circle cx="60" cy="45" r="20" fill="none" stroke="#fff" stroke-width="3"/><path d="M54 35l16 10-16 10z" fill="#fff"/></svg>',
)}`;

/** Thumbnails shown per album group at most (docs/product/new-build.md). */
export const MAX_THUMBS_PER_GROUP = 5;

interface AlbumThumbsProps {
  paths: string[];
  alt: string;
  isVideo?: boolean;
}

/**
 * Up to 5 thumbnails. A picture opens in the full-screen viewer, which turns through all of the
 * group's pictures; a video opens in a new window on a desktop and in place on a phone.
 */
export function AlbumThumbs({ paths, alt, isVideo = false }: AlbumThumbsProps) {
  const newTab = useNewTabLink();
  const photos = paths.map((path, index) => ({ src: path, alt: `${alt} ${index + 1}` }));
  const { onLinkClick, viewer } = usePhotoViewer(photos);
  return (
    <div className={styles.thumbs}>
      {paths.slice(0, MAX_THUMBS_PER_GROUP).map((path, index) => (
        <a
          key={`${path}-${index}`}
          className={styles.thumb}
          href={toOssUrl(path)}
          {...(isVideo ? newTab : { onClick: onLinkClick(index) })}
          aria-label={`${alt} ${index + 1}`}
        >
          <ImageWithFallback
            src={isVideo ? null : path}
            alt={`${alt} ${index + 1}`}
            fallback={isVideo ? VIDEO_PLACEHOLDER : IMAGE_PLACEHOLDER}
          />
        </a>
      ))}
      {!isVideo && viewer}
    </div>
  );
}
