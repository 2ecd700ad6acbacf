/** Which part of the service a request path belongs to; policies differ per part. */
export type Scope =
  /** `/api/v1` and below: counted, versioned, problem documents. */
  | 'api'
  /** Anything else under `/api`: problem documents, never HTML, not counted. */
  | 'api-other'
  /** `/mcp`: counted, versioned, JSON-RPC errors. */
  | 'mcp'
  /** `/healthz`: versioned, never counted, so load balancers may probe freely. */
  | 'healthz'
  /** The website, `/md/` mirrors and discovery documents. */
  | 'site';

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function scopeOf(path: string): Scope {
  if (path === '/api/v1' || path.startsWith('/api/v1/')) return 'api';
  if (path === '/api' || path.startsWith('/api/')) return 'api-other';
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  if (path === '/healthz') return 'healthz';
  return 'site';
}

/** Scopes whose failures are problem documents, never HTML. */
export function isApiScope(scope: Scope): boolean {
  return scope === 'api' || scope === 'api-other' || scope === 'healthz';
}
