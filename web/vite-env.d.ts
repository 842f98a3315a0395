/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of the API; the server serves it on the same origin under /api by default. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
