import type { ListingPictureKind } from '@portal/shared/constants/listings';
import { useCallback, useRef, useState } from 'react';
import { fetchPictureLinks } from '../api/publish';
import type { FormPicture } from '../lib/listing-form';

/** A picture whose fresh link fails too is not asked for again within this time, ms. */
const RETRY_AFTER_MS = 60_000;

/**
 * Signed links of certification photos live 10 minutes; a form left open longer shows broken
 * pictures. When one fails to load, this asks the server for fresh links of every picture of the
 * field (the caller's own uploads, or those of their listing `listingId`) and shows those. House
 * photos are public and never expire, so they are left alone.
 */
export function useFreshPictureLinks(kind: ListingPictureKind, listingId?: number) {
  const [fresh, setFresh] = useState<Record<string, string>>({});
  const askedAt = useRef(new Map<string, number>());

  const urlOf = useCallback((picture: FormPicture) => fresh[picture.path] ?? picture.url, [fresh]);

  const refresh = useCallback(
    (pictures: FormPicture[], brokenPath: string) => {
      if (kind === 'house' || pictures.length === 0) return;
      const now = Date.now();
      if (now - (askedAt.current.get(brokenPath) ?? 0) < RETRY_AFTER_MS) return;
      for (const picture of pictures) askedAt.current.set(picture.path, now);
      fetchPictureLinks({
        listingId,
        pictures: pictures.map((picture) => ({ kind, path: picture.path })),
      })
        .then((links) =>
          setFresh((current) => ({
            ...current,
            ...Object.fromEntries(links.map((link) => [link.path, link.url])),
          })),
        )
        .catch(() => undefined);
    },
    [kind, listingId],
  );

  return { urlOf, refresh };
}
