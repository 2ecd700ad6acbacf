import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../ports.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import ts from 'typescript';
import { buildTestApp } from '../helper.js';

/**
 * What the client generator tests share: the real server listening on
 * 127.0.0.1 with BASE_URL its own address (so the absolute `next` links it
 * writes can be followed), the document it serves, a temporary folder for
 * what is generated, all closed and removed after the file's tests.
 */
export interface ServedDocument {
  readonly url: string;
  readonly dir: string;
  readonly document: Record<string, unknown>;
}

export function useServedDocument(prefix: string): ServedDocument {
  const served = { url: '', dir: '', document: {} as Record<string, unknown> };
  let server: { close(): Promise<void> } | undefined;
  before(async () => {
    const port = await freePort();
    served.url = `http://127.0.0.1:${port}`;
    const app = await buildTestApp({ env: { BASE_URL: served.url } });
    server = app.server;
    await app.server.listen({ port, host: '127.0.0.1' });
    served.dir = await mkdtemp(path.join(tmpdir(), prefix));
    const response = await fetch(`${served.url}/openapi.json`);
    assert.equal(response.status, 200);
    served.document = (await response.json()) as Record<string, unknown>;
  });
  after(async () => {
    await server?.close();
    if (served.dir) await rm(served.dir, { recursive: true, force: true });
  });
  return served;
}


/** Compiler diagnostics as `file:line: message`, one a line. */
export const describeDiagnostics = (diagnostics: readonly ts.Diagnostic[]) =>
  diagnostics
    .map((d) => `${d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
    .join('\n');

/**
 * What every generated client's consumer does with a problem document: a
 * switch on its code that must name every code the document lists (the
 * `never` check fails to compile otherwise). `Problem` is the consumer's
 * name for the generated type.
 */
export const ADVICE = `/** What to do about a problem document, decided on its code (every code handled: the switch is exhaustive). */
export function advice(problem: Problem): string {
  switch (problem.code) {
    case 'not_found':
      return 'use one of ' + (problem.valid_slugs ?? []).join(', ');
    case 'invalid_parameter':
    case 'missing_parameter':
      return 'fix the parameter ' + (problem.parameter ?? '');
    case 'rate_limited':
      return 'wait for Retry-After';
    case 'internal_error':
      return 'retry later';
    case 'method_not_allowed':
    case 'not_acceptable':
    case 'unsupported_media_type':
    case 'uri_too_long':
    case 'headers_too_large':
    case 'unauthorized':
      return 'fix the request';
    default: {
      const unknown: never = problem.code;
      return unknown;
    }
  }
}
`;
