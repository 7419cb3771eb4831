import { formatNumber } from '@portal/shared/format';
import type { MapMarker } from '@portal/shared/schemas/map';
import {
  canvas,
  circleMarker,
  divIcon,
  type Layer,
  layerGroup,
  type LayerGroup,
  marker as leafletMarker,
} from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { pickLabelled } from './label-declutter';
import { escapeHtml, MAP_SEARCH_PANE } from './map-layers';
import styles from './map-search.module.css';

/** Pane of the project dots: above the base map's labels (650), below the price labels (660). */
const MAP_DOTS_PANE = 'mapSearchDots';

type Shown = Map<number, { layer: Layer; item: MapMarker }>;

const priceText = (item: MapMarker) =>
  item.platformPrice > 0 ? `${formatNumber(item.platformPrice)}元/㎡` : '价格待定';

function priceIcon(item: MapMarker) {
  return divIcon({
    className: styles.iconRoot,
    iconSize: undefined,
    html: `<div class="${styles.price}" data-project-id="${item.id}"><b>${priceText(item)}</b><span class="${styles.priceName}">${escapeHtml(item.name)}</span></div>`,
  });
}

/**
 * Brings `group` to exactly `wanted`, keyed by project id: layers still wanted and unchanged
 * stay untouched, so a pan only adds and removes the edges.
 */
function sync(
  shown: Shown,
  group: LayerGroup,
  wanted: readonly MapMarker[],
  create: (item: MapMarker) => Layer,
) {
  const byId = new Map(wanted.map((item) => [item.id, item]));
  for (const [id, entry] of shown) {
    const next = byId.get(id);
    if (!next || next.platformPrice !== entry.item.platformPrice || next.name !== entry.item.name) {
      group.removeLayer(entry.layer);
      shown.delete(id);
    }
  }
  for (const item of wanted) {
    if (shown.has(item.id)) continue;
    const layer = create(item);
    group.addLayer(layer);
    shown.set(item.id, { layer, item });
  }
}

/**
 * Single-project markers of the visible box. The most watched projects whose price labels fit
 * without overlapping get a label (a light DOM icon whose name shows on hover); every other
 * project is a dot drawn on one canvas, with its name and price on hover. So even 1,500
 * projects in view cost a few hundred DOM nodes, and panning stays smooth. Zooming in turns
 * dots into labels as room appears.
 */
export function PriceMarkerLayer({
  markers,
  onSelect,
}: {
  markers: readonly MapMarker[];
  onSelect: (item: MapMarker) => void;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const labels = useRef(layerGroup());
  const dots = useRef(layerGroup());
  const shownLabels = useRef<Shown>(new Map());
  const shownDots = useRef<Shown>(new Map());
  const select = useRef(onSelect);
  const renderer = useRef<ReturnType<typeof canvas> | null>(null);
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!map.getPane(MAP_DOTS_PANE)) map.createPane(MAP_DOTS_PANE).style.zIndex = '655';
    const dotRenderer = canvas({ pane: MAP_DOTS_PANE, padding: 0.2 });
    renderer.current = dotRenderer;
    const labelLayer = labels.current;
    const dotLayer = dots.current;
    const labelled = shownLabels.current;
    const dotted = shownDots.current;
    labelLayer.addTo(map);
    dotLayer.addTo(map);
    return () => {
      for (const layer of [labelLayer, dotLayer]) {
        layer.clearLayers();
        layer.remove();
      }
      dotRenderer.remove();
      labelled.clear();
      dotted.clear();
    };
  }, [map]);

  useEffect(() => {
    const labelled = pickLabelled(
      markers,
      (item) => map.latLngToLayerPoint([item.lat, item.lng]),
      priceText,
    );
    sync(shownLabels.current, labels.current, [...labelled], (item) => {
      const label = leafletMarker([item.lat, item.lng], {
        icon: priceIcon(item),
        pane: MAP_SEARCH_PANE,
        riseOnHover: true,
        title: item.name,
        keyboard: true,
      });
      return label.on('click', () => select.current(item));
    });
    const rest = markers.filter((item) => !labelled.has(item));
    sync(shownDots.current, dots.current, rest, (item) =>
      circleMarker([item.lat, item.lng], {
        renderer: renderer.current ?? undefined,
        pane: MAP_DOTS_PANE,
        radius: 5,
        color: '#fff',
        weight: 1.5,
        fillColor: '#d4380d',
        fillOpacity: 1,
      })
        .bindTooltip(`${escapeHtml(item.name)} ${priceText(item)}`, { direction: 'top' })
        .on('click', () => select.current(item)),
    );
  }, [markers, zoom, map]);

  return null;
}
