import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_MEDIA_TYPE } from './problem.js';

/**
 * Requests Node's HTTP parser rejects before any route sees them (a malformed
 * request line, oversized headers) still get a problem document, never
 * Fastify's own error body. The connection is closed afterwards: after a parse
 * error the byte stream cannot be trusted.
 */
export function clientErrorHandler(baseUrl: string) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify({
      type: `${baseUrl}/developers#invalid_parameter`,
      title: tooLarge ? 'Request Header Fields Too Large' : 'Bad Request',
      status,
      code: 'invalid_parameter',
      detail: tooLarge ? 'The request headers are larger than this server reads.' : 'The request is not valid HTTP/1.1 and could not be read.',
      hint: tooLarge ? 'Send the request again with fewer or shorter headers.' : 'Send a well-formed request, e.g. GET /api/v1 HTTP/1.1 with a Host header.',
      // CONTRACT.md "Errors": every 400 names what was wrong and what is accepted.
      parameter: tooLarge ? 'headers' : 'request',
      accepted: tooLarge ? `request headers of at most ${maxHeaderSize} bytes in all` : 'a well-formed HTTP/1.1 request (RFC 9112)',
    });
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `content-type: ${PROBLEM_MEDIA_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `access-control-allow-origin: *\r\nx-content-type-options: nosniff\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
    );
  };
}
