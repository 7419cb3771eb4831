import { divIcon, latLngBounds, type Layer, layerGroup, marker as leafletMarker } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { groupLabels, type LabelGroup } from './label-declutter';
import { escapeHtml, MAP_SEARCH_PANE } from './map-layers';
import styles from './map-search.module.css';

/** One project or listing on the map: its name, its price as shown, its position. */
export interface MapPoint {
  id: number;
  name: string;
  priceText: string;
  lng: number;
  lat: number;
}

/** Longest name a label shows in full; a longer one is cut with … (the title holds it all). */
const LABEL_NAME_CHARS = 8;

const shortName = (name: string) =>
  name.length > LABEL_NAME_CHARS ? `${name.slice(0, LABEL_NAME_CHARS)}…` : name;
const labelText = (point: MapPoint) => `${shortName(point.name)} ${point.priceText}`;

function pointIcon(point: MapPoint) {
  return divIcon({
    className: styles.iconRoot,
    iconSize: undefined,
    html: `<div class="${styles.price}" data-point-id="${point.id}"><span class="${styles.priceName}">${escapeHtml(shortName(point.name))}</span><b>${escapeHtml(point.priceText)}</b></div>`,
  });
}

function groupIcon(count: number, unit: string) {
  return divIcon({
    className: styles.iconRoot,
    iconSize: undefined,
    html: `<div class="${styles.price} ${styles.group}" data-group-count="${count}"><b>${count}</b>${escapeHtml(unit)}</div>`,
  });
}

type Shown = Map<string, Layer>;

/** The key of a label: what it shows, so a changed label is replaced and an unchanged one kept. */
function keyOf(group: LabelGroup<MapPoint>): string {
  const { lead, members } = group;
  return members.length === 1
    ? `1|${lead.id}|${lead.name}|${lead.priceText}`
    : `${members.length}|${lead.id}|${members.map((m) => m.id).join(',')}`;
}

/**
 * The projects or listings of the visible box, every one labelled or counted
 * (docs/decisions/0056-map-follows-the-view.md): in the given order, each gets a label with its
 * name and price unless that label would overlap one placed before it, in which case it is
 * counted in that label, which then reads "N个楼盘" / "N套" (`groupLabels`, redone after each
 * zoom). A click on a count zooms to its members; at the closest zoom nothing is grouped. Labels
 * are plain `divIcon`s added imperatively and kept by what they show, so a pan only adds and
 * removes labels at the edges, and the number of DOM labels is bounded by the screen, not by the
 * number of points.
 */
export function PriceMarkerLayer({
  points,
  unit,
  onSelect,
}: {
  points: readonly MapPoint[];
  /** What a count label says after its number: 个楼盘 or 套. */
  unit: string;
  onSelect: (point: MapPoint) => void;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const labels = useRef(layerGroup());
  const shown = useRef<Shown>(new Map());
  const select = useRef(onSelect);
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });

  useEffect(() => {
    select.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const layer = labels.current;
    const labelled = shown.current;
    layer.addTo(map);
    return () => {
      layer.clearLayers();
      layer.remove();
      labelled.clear();
    };
  }, [map]);

  useEffect(() => {
    const atClosest = zoom >= map.getMaxZoom();
    const groups = atClosest
      ? points.map((point) => ({ lead: point, members: [point] }))
      : groupLabels(points, (point) => map.latLngToLayerPoint([point.lat, point.lng]), labelText);
    const wanted = new Map(groups.map((group) => [keyOf(group), group]));
    for (const [key, layer] of shown.current) {
      if (wanted.has(key)) continue;
      labels.current.removeLayer(layer);
      shown.current.delete(key);
    }
    for (const [key, group] of wanted) {
      if (shown.current.has(key)) continue;
      const { lead, members } = group;
      const layer =
        members.length === 1
          ? leafletMarker([lead.lat, lead.lng], {
              icon: pointIcon(lead),
              pane: MAP_SEARCH_PANE,
              riseOnHover: true,
              title: `${lead.name} ${lead.priceText}`,
              keyboard: true,
            }).on('click', () => select.current(lead))
          : leafletMarker([lead.lat, lead.lng], {
              icon: groupIcon(members.length, unit),
              pane: MAP_SEARCH_PANE,
              riseOnHover: true,
              title: `${members.length}${unit}，点击放大查看`,
              keyboard: true,
            }).on('click', () => {
              const bounds = latLngBounds(members.map((m) => [m.lat, m.lng] as [number, number]));
              const target = Math.min(
                Math.max(map.getBoundsZoom(bounds.pad(0.2)), map.getZoom() + 1),
                map.getMaxZoom(),
              );
              map.setView(bounds.getCenter(), target);
            });
      labels.current.addLayer(layer);
      shown.current.set(key, layer);
    }
  }, [points, zoom, map, unit]);

  return null;
}
