import type { Catalog } from '../content/types.js';
import { jsonAnswer } from '../http/answer.js';
import type { Answer } from '../http/answer.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import { agentAuth, SCOPES } from './documents.js';

/**
 * The OAuth endpoints: they exist so that discovery resolves, and refuse or
 * empty every request. Errors use the RFC 6749 section 5.2 shape, each naming
 * the call that does work. Bodies (JSON or forms) are never read: the answer
 * does not depend on them. RFC 6749 section 5.1: no answer is cached.
 */
export function oauthRoutes(): Route[] {
  const works = (catalog: Catalog) => `Call GET ${catalog.base_url}/api/v1 or POST ${catalog.base_url}/mcp with no credential: access is anonymous.`;
  const oauth = (method: 'GET' | 'POST', pattern: string, reply: (request: Incoming) => { status?: number; body: unknown }): Route => ({
    pattern,
    method,
    handle: (request): Answer => {
      const { status = 200, body } = reply(request);
      return jsonAnswer(body, { 'cache-control': 'no-store' }, status);
    },
  });
  return [
    oauth('POST', '/oauth/register', ({ catalog }) => ({
      status: 403,
      body: { error: 'access_denied', error_description: `Client registration is closed because none is needed. ${works(catalog)}` },
    })),
    oauth('GET', '/oauth/claim', ({ catalog }) => ({
      body: {
        identity: 'anonymous',
        granted: true,
        scopes: [...SCOPES],
        ...agentAuth(catalog),
        error_description: `The anonymous identity is already granted to every caller. ${works(catalog)}`,
      },
    })),
    oauth('POST', '/oauth/token', ({ catalog }) => ({
      status: 400,
      body: { error: 'unauthorized_client', error_description: `No token is issued: none is needed. ${works(catalog)}` },
    })),
    oauth('GET', '/oauth/authorize', ({ catalog }) => ({
      status: 400,
      body: { error: 'invalid_request', error_description: `No authorization code is issued: none is needed. ${works(catalog)}` },
    })),
    oauth('GET', '/oauth/jwks', () => ({ body: { keys: [] } })),
    // RFC 7009 section 2.2: 200 whatever the token, since there is nothing to revoke.
    oauth('POST', '/oauth/revoke', () => ({ body: {} })),
  ];
}
