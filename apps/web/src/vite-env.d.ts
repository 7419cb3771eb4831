/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TOURISM_URL?: string;
}
