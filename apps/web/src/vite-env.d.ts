/// <reference types="vite/client" />

// Vite's documented way to type import.meta.env is to merge into this interface; a type cannot merge.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  /** Base URL of the API; same origin `/api/v1` when unset. */
  readonly VITE_API_BASE_URL?: string;
  /** The API's upload limit in MB (its UPLOAD_MAX_BYTES); 20 when unset. */
  readonly VITE_UPLOAD_MAX_MB?: string;
}
