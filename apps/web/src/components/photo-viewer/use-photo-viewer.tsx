import { type MouseEvent, type ReactNode, useCallback, useState } from 'react';
import { Deferred, lazyNamed } from '../../lib/deferred';
import type { ViewerPhoto } from './photo-viewer';

// The viewer's code is fetched when a photo is first opened, not with the page.
const PhotoViewer = lazyNamed(() => import('./photo-viewer'), 'PhotoViewer');

/**
 * Opens `photos` in the full-screen viewer: `open(index)` shows one, `viewer` is the element to
 * render beside the thumbnails. `onLinkClick(index)` is the click handler of a thumbnail that is
 * also a link to the picture file: a plain click opens the viewer, a click with a modifier key
 * (a new tab on a desktop) is left to the browser.
 */
export function usePhotoViewer(photos: readonly ViewerPhoto[]): {
  open: (index: number) => void;
  isOpen: boolean;
  onLinkClick: (index: number) => (event: MouseEvent<HTMLAnchorElement>) => void;
  viewer: ReactNode;
} {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const open = useCallback((index: number) => setOpenIndex(index), []);
  const onLinkClick = useCallback(
    (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      setOpenIndex(index);
    },
    [],
  );
  const viewer = (
    <Deferred when={openIndex !== null}>
      {openIndex !== null && (
        <PhotoViewer photos={photos} startIndex={openIndex} onClose={() => setOpenIndex(null)} />
      )}
    </Deferred>
  );
  return { open, isOpen: openIndex !== null, onLinkClick, viewer };
}
