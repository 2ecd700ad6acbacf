/**
 * vitrine as `npm start` runs it, with one change: a quota too large to run
 * out, so a load generator on one address measures answers, not 429s. The
 * quota is still counted and its five headers written on every /api/v1 answer.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { loadCatalog } from '../src/content/load.js';
import { MemoryStore, PUBLIC_READ, RateLimiter } from '../src/http/rate-limit.js';

const config = loadConfig(process.env);
const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl });
// A billion a minute: more than any run sends, and small enough for V8 to keep as a small integer, as 600 is.
const limiter = new RateLimiter({ ...PUBLIC_READ, limit: 1_000_000_000 }, new MemoryStore());
const { server } = await buildApp({ config, catalog, limiter });
await server.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
