/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TOURISM_URL?: string;
  /** Tile URL template for maps; unset = offline base map of district outlines. */
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
