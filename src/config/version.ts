/** The deployment's semantic version (semver.org), sent as X-API-Version. */
export const API_VERSION = '1.0.0';
