import { type MouseEvent, type ReactNode, useCallback, useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Deferred, lazyNamed } from '../../lib/deferred';
import { useIsClient } from '../client-only';
import type { ViewerPhoto } from './photo-viewer';

// The viewer's code is fetched when a photo is first opened, not with the page.
const PhotoViewer = lazyNamed(() => import('./photo-viewer'), 'PhotoViewer');

/** Where in the history entry's state an open viewer is noted. */
const STATE_KEY = 'photoViewer';

interface OpenViewer {
  id: string;
  index: number;
}

function openViewerOf(state: unknown, id: string): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const noted = (state as Record<string, unknown>)[STATE_KEY] as OpenViewer | undefined;
  return noted && noted.id === id && Number.isInteger(noted.index) ? noted.index : null;
}

/**
 * Opens `photos` in the full-screen viewer: `open(index)` shows one, `viewer` is the element to
 * render beside the thumbnails. `onLinkClick(index)` is the click handler of a thumbnail that is
 * also a link to the picture file: a plain click opens the viewer, a click with a modifier key
 * (a new tab on a desktop) is left to the browser.
 *
 * An open viewer is a history entry of its own (the same address, noted in the entry's state):
 * the phone's Back closes it and returns to the page where it was, and 关闭 goes back the same
 * way. The note is read only after the page is taken over, so the server's page and the
 * browser's first render stay the same.
 */
export function usePhotoViewer(photos: readonly ViewerPhoto[]): {
  open: (index: number) => void;
  isOpen: boolean;
  onLinkClick: (index: number) => (event: MouseEvent<HTMLAnchorElement>) => void;
  viewer: ReactNode;
} {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const isClient = useIsClient();
  const openIndex = isClient ? openViewerOf(location.state, id) : null;

  const { pathname, search, hash, state } = location;
  const open = useCallback(
    (index: number) => {
      const kept = typeof state === 'object' && state !== null ? state : {};
      navigate(
        { pathname, search, hash },
        { state: { ...kept, [STATE_KEY]: { id, index } }, preventScrollReset: true },
      );
    },
    [navigate, pathname, search, hash, state, id],
  );
  const close = useCallback(() => navigate(-1), [navigate]);
  const onLinkClick = useCallback(
    (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      open(index);
    },
    [open],
  );
  const viewer = (
    <Deferred when={openIndex !== null}>
      {openIndex !== null && <PhotoViewer photos={photos} startIndex={openIndex} onClose={close} />}
    </Deferred>
  );
  return { open, isOpen: openIndex !== null, onLinkClick, viewer };
}
