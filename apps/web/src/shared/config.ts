import { API_PREFIX } from '@lisbon/domain';

const MB = 1024 * 1024;
const uploadMaxMb = Number(import.meta.env.VITE_UPLOAD_MAX_MB);

/** Build-time configuration of the SPA, read once. */
export const config = {
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL?.trim() || API_PREFIX,
  /**
   * The upload limit the API is configured with (UPLOAD_MAX_BYTES, 20 MB by default), to say it
   * and to refuse a larger file before sending it; the API remains the judge.
   */
  uploadMaxBytes: (Number.isFinite(uploadMaxMb) && uploadMaxMb > 0 ? uploadMaxMb : 20) * MB,
} as const;
