import type { FastifyReply } from 'fastify';

/** Adds entries to the Link header (RFC 8288) without dropping those already set. */
export function appendLink(reply: FastifyReply, value: string | undefined): void {
  if (!value) return;
  const current = reply.getHeader('link');
  reply.header('link', current ? `${String(current)}, ${value}` : value);
}
