/** API version carried in `Accept` and on every response (platform-foundation §7, §9). */
export const API_VERSION = 3;
export const API_MEDIA_TYPE = `application/vnd.muster.v${API_VERSION}+json`;
export const API_BASE_PATH = '/api/';
