export { CityMap, MAP_TILE_URL, type CityMapMarker, type CityMapProps } from './city-map';
