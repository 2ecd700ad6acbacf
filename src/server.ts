/**
 * The entry point: the only module that reads process.env, listens or exits.
 */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { ContentError, loadCatalog } from './content/load.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const catalog = await loadCatalog({ dir: config.contentDir, baseUrl: config.baseUrl });
  const { server } = await buildApp({ config, catalog });

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(
    { base_url: config.baseUrl, content: config.contentDir, documents: catalog.products.length + catalog.posts.length + catalog.pages.length },
    'vitrine is serving',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`vitrine: configuration: ${error.message}`);
  } else if (error instanceof ContentError) {
    console.error(`vitrine: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE') {
    console.error(`vitrine: PORT: ${(error as Error).message}`);
  } else {
    console.error('vitrine: could not start:', error);
  }
  process.exit(1);
});
