/** The deployment version, sent as X-API-Version (SPEC.md section 9). */
export const API_VERSION = '1.0.0';
