import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Service } from '../../src/http/service.js';
import { useTestApp } from '../helper.js';

/**
 * The parameters of the publication window and of the search order, as
 * /openapi.json states them, validate what the server takes: a value the
 * documented schema accepts (by an independent JSON Schema validator, Ajv
 * with its formats) is answered 200, one it refuses is a 400 naming the
 * parameter. A client that validates its requests against the document
 * sends exactly what works.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let server: Service;
useTestApp((app) => ({ server } = app));

type Parameter = { name: string; in: string; schema: Record<string, unknown>; description: string };
type Document = { paths: Record<string, { get: { parameters: Parameter[] } }> };

const INSTANTS = {
  accepted: ['2026-03-01', '2024-02-29', '2026-03-01T12:00:00Z', '2026-03-01T12:00:00.250Z', '2026-03-01T09:00:00-03:00', '2026-03-01t12:00:00z'],
  refused: ['yesterday', '2026-02-30', '2025-02-29', '2026-13-01', '2026-3-1', '2026-03-01T24:00:00Z', '2026-03-01 12:00:00Z', '2026-03-01T12:00:00+0300', '2026-03-01T12:00:00', '1700000000', ''],
};

const CASES: readonly { path: string; name: string; required?: string; accepted: readonly string[]; refused: readonly string[] }[] = [
  { path: '/api/v1/posts', name: 'published_since', ...INSTANTS },
  { path: '/api/v1/posts', name: 'published_before', ...INSTANTS },
  { path: '/api/v1/search', name: 'published_since', required: 'q=cloud', ...INSTANTS },
  { path: '/api/v1/search', name: 'published_before', required: 'q=cloud', ...INSTANTS },
  { path: '/api/v1/search', name: 'sort', required: 'q=cloud', accepted: ['relevance', '-published_at', 'published_at'], refused: ['newest', '-relevance', 'title', 'Published_at', ''] },
];

describe('/openapi.json validates the new parameters as the server reads them', () => {
  for (const { path, name, required, accepted, refused } of CASES) {
    test(`${name} of GET ${path}: what its schema accepts is a 200, what it refuses a 400 naming it`, async () => {
      const document = (await server.inject('/openapi.json')).json() as Document;
      const parameter = document.paths[path]!.get.parameters.find((p) => p.name === name && p.in === 'query');
      assert.ok(parameter, `${path} documents ${name}`);
      const validate = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true })).compile(parameter.schema);
      for (const value of [...accepted, ...refused]) {
        const documented = validate(value);
        assert.equal(documented, accepted.includes(value), `the schema of ${name} ${documented ? 'accepts' : 'refuses'} ${JSON.stringify(value)}`);
        const response = await server.inject(`${path}?${required ? `${required}&` : ''}${name}=${encodeURIComponent(value)}`);
        assert.equal(response.statusCode, documented ? 200 : 400, `${path} ${name}=${JSON.stringify(value)}: ${response.body.slice(0, 200)}`);
        if (!documented) assert.equal((response.json() as { parameter: string }).parameter, name);
      }
    });
  }

  test('their descriptions say what they take, as src/query/parameters.ts declares them', async () => {
    const document = (await server.inject('/openapi.json')).json() as Document;
    const search = document.paths['/api/v1/search']!.get.parameters;
    const describe = (name: string) => search.find((p) => p.name === name)!.description;
    assert.match(describe('published_since'), /^Only articles published at or after this instant \(RFC 3339 date-time, or a date alone such as 2026-01-01 for its midnight UTC\), compared with their published_at\. Products and pages have no publication date: with it, they are left out\./);
    assert.match(describe('published_before'), /^Only articles published before this instant, not at it/);
    assert.match(describe('sort'), /^The order of the hits: relevance \(the default: best match first\), -published_at \(newest first\) or published_at \(oldest first\)\./);
    assert.match(describe('locale'), /^Only hits in this locale: the articles and pages written in it/);
    assert.match(describe('locale'), /case and accents do not matter/);
  });
});
