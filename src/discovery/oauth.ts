import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../content/store.js';
import { agentAuth, SCOPES } from './documents.js';

/**
 * The OAuth endpoints of SPEC.md section 5: they exist so that discovery
 * resolves, and refuse or empty every request. Errors use the RFC 6749
 * section 5.2 shape, each naming the call that does work.
 */
export function registerOAuthStubs(app: FastifyInstance, store: ContentStore): void {
  const works = () => `Call GET ${store.catalog.base_url}/api/v1 or POST ${store.catalog.base_url}/mcp with no credential: access is anonymous.`;

  void app.register(async (oauth) => {
    // Clients send JSON or form bodies (RFC 6749 uses application/x-www-form-urlencoded);
    // the answer never depends on them, so any body up to 64 KiB is read and ignored.
    oauth.removeAllContentTypeParsers();
    oauth.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 65_536 }, (_request, _body, done) => done(null, undefined));
    // RFC 6749 section 5.1: token-endpoint answers are never cached.
    oauth.addHook('onSend', async (request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    oauth.post('/oauth/register', async (_request, reply) =>
      reply.code(403).send({
        error: 'access_denied',
        error_description: `Client registration is closed because none is needed. ${works()}`,
      }),
    );

    oauth.get('/oauth/claim', async () => ({
      identity: 'anonymous',
      granted: true,
      scopes: [...SCOPES],
      ...agentAuth(store.catalog),
      error_description: `The anonymous identity is already granted to every caller. ${works()}`,
    }));

    oauth.post('/oauth/token', async (_request, reply) =>
      reply.code(400).send({
        error: 'unauthorized_client',
        error_description: `No token is issued: none is needed. ${works()}`,
      }),
    );

    oauth.get('/oauth/authorize', async (_request, reply) =>
      reply.code(400).send({
        error: 'invalid_request',
        error_description: `No authorization code is issued: none is needed. ${works()}`,
      }),
    );

    oauth.get('/oauth/jwks', async () => ({ keys: [] }));

    // RFC 7009 section 2.2: 200 whatever the token, since there is nothing to revoke.
    oauth.post('/oauth/revoke', async () => ({}));
  });
}
