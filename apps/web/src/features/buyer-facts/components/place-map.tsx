import { Suspense } from 'react';
import { Link } from 'react-router';
import { NearViewport } from '../../../components/near-viewport';
import { mapPlaceHref } from '../../../config/paths';
import { lazyNamed } from '../../../lib/deferred';
import styles from './buyer-facts.module.css';

// The map (Leaflet, about 45 KB gzip) loads when the reader scrolls near it.
const CityMap = lazyNamed(() => import('../../../components/city-map'), 'CityMap');

const MAP_HEIGHT = 280;

interface PlaceMapProps {
  /** What the marker is called: the 小区's name, or the listing's. */
  name: string;
  /** The district's name, said before the address unless the address already says it. */
  district: string;
  address: string;
  lng: number | null;
  lat: number | null;
}

/**
 * 位置: where a 小区 or a listing is, its address and a map with its marker (docs/product/communities.md),
 * and a link to /map around it with the 周边配套 layer on. Without a recorded position only the
 * address is shown.
 */
export function PlaceMap({ name, district, address, lng, lat }: PlaceMapProps) {
  const line = address.includes(district) ? address : `${district} ${address}`.trim();
  const placeholder = <div className={styles.mapPlaceholder} style={{ height: MAP_HEIGHT }} />;
  return (
    <section className={styles.section} aria-labelledby="place-title">
      <h2 id="place-title">位置</h2>
      <p className={styles.placeAddress}>{line || '—'}</p>
      {lng !== null && lat !== null ? (
        <>
          <NearViewport placeholder={placeholder}>
            <Suspense fallback={placeholder}>
              <CityMap
                center={[lng, lat]}
                zoom={16}
                height={MAP_HEIGHT}
                markers={[{ id: 'place', position: [lng, lat], label: name }]}
              />
            </Suspense>
          </NearViewport>
          <Link className={styles.placeLink} to={mapPlaceHref(lng, lat)}>
            在地图上看周边房源和配套
          </Link>
        </>
      ) : (
        <p>暂无位置信息</p>
      )}
    </section>
  );
}
