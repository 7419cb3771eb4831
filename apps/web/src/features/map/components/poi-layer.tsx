import type { PoiCategory } from '@portal/shared/constants/places';
import { divIcon, layerGroup, marker as leafletMarker } from 'leaflet';
import { useEffect, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import type { MapPoi } from '../api/map-api';
import { poiCategoryLabel, poiGroupOf } from '../poi-groups';
import styles from './map-search.module.css';

/**
 * The 周边配套 points of the visible area (docs/product/nearby.md): a round mark per kind in its
 * colour, drawn as one Leaflet layer group in the marker pane (below the price labels); each mark
 * is a 44 px target. Tapping one opens a popup with its name and kind. Loaded with its own chunk
 * the first time the layer is switched on.
 */
export function PoiLayer({
  points,
  shown,
}: {
  points: readonly MapPoi[];
  /** The kinds switched on. */
  shown: ReadonlySet<PoiCategory>;
}) {
  const map = useMap();
  const [selected, setSelected] = useState<MapPoi | null>(null);

  useEffect(() => {
    const group = layerGroup();
    for (const point of points) {
      const kind = poiGroupOf(point.category);
      if (!kind || !shown.has(point.category)) continue;
      const title = `${point.name}（${poiCategoryLabel(point.category)}）`;
      leafletMarker([point.lat, point.lng], {
        title,
        alt: title,
        icon: divIcon({
          className: styles.poiRoot,
          iconSize: [44, 44],
          html: `<span class="${styles.poi}" style="background:${kind.colour}" data-poi-id="${point.id}" data-poi-group="${kind.key}" aria-hidden="true">${kind.mark}</span>`,
        }),
      })
        .on('click', () => setSelected(point))
        .addTo(group);
    }
    group.addTo(map);
    return () => {
      group.remove();
    };
  }, [map, points, shown]);

  const isSelectedShown =
    selected !== null && shown.has(selected.category) && points.some((p) => p.id === selected.id);
  if (!isSelectedShown) return null;
  return (
    <Popup
      key={selected.id}
      position={[selected.lat, selected.lng]}
      offset={[0, -14]}
      eventHandlers={{ remove: () => setSelected(null) }}
    >
      <article
        className={styles.card}
        aria-label={`${selected.name} ${poiCategoryLabel(selected.category)}`}
      >
        <h3 className={styles.cardName}>{selected.name}</h3>
        <p className={styles.poiKind}>{poiCategoryLabel(selected.category)}</p>
      </article>
    </Popup>
  );
}
