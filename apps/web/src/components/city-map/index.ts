export { CityMap, type CityMapMarker, type CityMapProps } from './city-map';
