/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TOURISM_URL?: string;
  /** Tile URL template for maps; unset = offline base map of district outlines. */
}
