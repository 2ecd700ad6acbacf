import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The access log: one JSON line per request, written when the response has
 * gone out (Fastify's own request logging, two lines per request, is turned
 * off in src/app.ts). It names the route pattern, never the URL, so no query
 * string reaches the log; and no header or body is logged.
 */
export interface RequestLogLine {
  readonly method: string;
  /** The route pattern (`/api/v1/posts/:slug`), or null when no route matched. */
  readonly route: string | null;
  readonly status: number;
  /** Milliseconds from the request's arrival to the response's last byte handed to the OS. */
  readonly response_time_ms: number;
}

/** Writes one line: 5xx at `error` (the error handler logs the cause beside it), the rest at `info`. */
export function logRequest(log: FastifyBaseLogger, line: RequestLogLine): void {
  if (line.status >= 500) log.error(line, 'request completed');
  else log.info(line, 'request completed');
}

export function installRequestLog(app: FastifyInstance): void {
  // onResponse runs on the raw response's 'finish' event, so hijacked replies (/mcp, written by the
  // MCP SDK's transport) are logged too, with the status the transport wrote.
  app.addHook('onResponse', async (request, reply) => {
    logRequest(request.log, {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      response_time_ms: Math.round(reply.elapsedTime * 100) / 100,
    });
  });
}
