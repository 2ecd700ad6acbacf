import type { Catalog } from '../content/types.js';
import { jsonAnswer } from '../http/answer.js';
import type { Answer } from '../http/answer.js';
import type { Incoming } from '../http/request.js';
import type { Route } from '../http/router.js';
import { paths, ROUTES, urlOf } from '../routes/table.js';
import { agentAuth, SCOPES } from './well-known.js';

/**
 * The OAuth endpoints: they exist so that discovery resolves, and refuse or
 * empty every request. Errors use the RFC 6749 section 5.2 shape, each naming
 * the call that does work. Bodies (JSON or forms) are never read: the answer
 * does not depend on them. RFC 6749 section 5.1: no answer is cached.
 */
export function oauthRoutes(): Route[] {
  const works = (catalog: Catalog) =>
    `Call GET ${urlOf(catalog.base_url, paths.api())} or POST ${urlOf(catalog.base_url, ROUTES.mcp.pattern)} with no credential: access is anonymous.`;
  const oauth = (method: 'GET' | 'POST', pattern: string, reply: (request: Incoming) => { status?: number; body: unknown }): Route => ({
    pattern,
    method,
    handle: (request): Answer => {
      const { status = 200, body } = reply(request);
      return { ...jsonAnswer(body, {}, status), cache: 'no-store' };
    },
  });
  return [
    oauth('POST', ROUTES.oauthRegister.pattern, ({ catalog }) => ({
      status: 403,
      body: { error: 'access_denied', error_description: `Client registration is closed because none is needed. ${works(catalog)}` },
    })),
    oauth('GET', ROUTES.oauthClaim.pattern, ({ catalog }) => ({
      body: {
        identity: 'anonymous',
        granted: true,
        scopes: [...SCOPES],
        ...agentAuth(catalog),
        error_description: `The anonymous identity is already granted to every caller. ${works(catalog)}`,
      },
    })),
    oauth('POST', ROUTES.oauthToken.pattern, ({ catalog }) => ({
      status: 400,
      body: { error: 'unauthorized_client', error_description: `No token is issued: none is needed. ${works(catalog)}` },
    })),
    oauth('GET', ROUTES.oauthAuthorize.pattern, ({ catalog }) => ({
      status: 400,
      body: { error: 'invalid_request', error_description: `No authorization code is issued: none is needed. ${works(catalog)}` },
    })),
    oauth('GET', ROUTES.oauthJwks.pattern, () => ({ body: { keys: [] } })),
    // RFC 7009 section 2.2: 200 whatever the token, since there is nothing to revoke.
    oauth('POST', ROUTES.oauthRevoke.pattern, () => ({ body: {} })),
  ];
}
