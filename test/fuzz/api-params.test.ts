/**
 * Property-based fuzzing of every query and path parameter of every /api/v1
 * endpoint, as ENDPOINTS declares them: valid values, near misses and random
 * text, encoded or raw, repeated, unknown or prototype-named. Each answer must
 * be a 200 JSON body or a well-formed 400/404 problem document; the test
 * helper also checks every answer against /openapi.json.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { Endpoint } from '../../src/model/endpoints.js';
import { API_PREFIX, ENDPOINTS } from '../../src/model/endpoints.js';
import type { Param } from '../../src/query/params.js';
import type { App } from '../../src/app.js';
import type { Catalog } from '../../src/content/types.js';
import { buildTestApp, testCatalog } from '../helper.js';
import { announceSeed, assertProblem, FUZZ_REQUESTS, FUZZ_SEED, unlimited } from './support.js';

let app: App;
let catalog: Catalog;

before(async () => {
  catalog = await testCatalog();
  app = await buildTestApp({ limiter: unlimited() });
});
after(() => app.server.close());

/** Half of the fuzz budget goes here, shared by the endpoints. */
const RUNS_PER_ENDPOINT = Math.max(20, Math.ceil(FUZZ_REQUESTS / 2 / ENDPOINTS.length));

/** Raw query fragments a parser may trip on: bad escapes, NUL, separators, prototype names. */
const RAW_FRAGMENTS = ['%', '%zz', '%C0%AF', '%00', '%E2%82', '%FF%FE', '+', '&', '=', '==', ';', '[]', '%26', '%3D', '%2B', '\u00e7', '%F0%9F%92%A9'];
const ODD_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'limit[]', 'q[]', 'a.b', ''];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 190, maxLength: 260 }),
);

/** An encoded value or a raw fragment, so both the decoder and the validator are exercised. */
const encoded = (value: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: value.map(encodeURIComponent) }, { weight: 1, arbitrary: fc.constantFrom(...RAW_FRAGMENTS) });

function valueFor(param: Param): fc.Arbitrary<string> {
  switch (param.type) {
    case 'integer':
      return fc.oneof(
        fc.integer({ min: param.minimum, max: param.maximum ?? 10_000 }).map(String),
        fc.integer().map(String),
        fc.constantFrom('-0', '00', '01', '1.5', '1e2', '0x10', ' 10', '10 ', '+5', 'NaN', 'Infinity', '99999999999999999999999', '9007199254740993'),
        text,
      );
    case 'enum': {
      const values = param.values(catalog);
      // A list the content leaves empty (the demo's post tags) has only wrong values.
      if (values.length === 0) return text;
      return fc.oneof(
        fc.constantFrom(...values),
        fc.constantFrom(...values).map((value) => value.toUpperCase()),
        fc.constantFrom(...values).map((value) => ` ${value}`),
        text,
      );
    }
    case 'text':
      return fc.oneof(fc.constantFrom('cloud', 'automacao', 'AUTOMAÇÃO', 'de the', 'kubernet', ' ', '*', '"', '\u0000'), text);
    case 'instant':
      return fc.oneof(
        fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString()),
        fc.constantFrom('2026-01-01', '2026-02-30', '2026-01-01T25:00:00Z', '2026-01-01T00:00:00+03:00', 'yesterday', '0', '2026-1-1'),
        text,
      );
    case 'sort':
      return fc.oneof(fc.constantFrom(...param.fields, ...param.fields.map((field) => `-${field}`), '--title', '+title', '-', ''), text);
  }
}

/** A query string: declared names with fitting or unfitting values, unknown and repeated names. */
function queryFor(endpoint: Endpoint): fc.Arbitrary<string> {
  const declared = Object.entries(endpoint.query).map(([name, param]) => fc.tuple(fc.constant(name), encoded(valueFor(param))));
  const unknown = fc.tuple(fc.oneof(fc.constantFrom(...ODD_NAMES), text.map(encodeURIComponent)), encoded(text));
  const pair = declared.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...declared) }, { weight: 1, arbitrary: unknown }) : unknown;
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('&'));
}

function pathFor(endpoint: Endpoint): fc.Arbitrary<{ path: string; slug?: string }> {
  const { slug } = endpoint;
  if (!slug) return fc.constant({ path: `${API_PREFIX}${endpoint.path}` });
  const segment = fc.oneof(
    fc.constantFrom(...slug.values(catalog)),
    text.filter((value) => value.length > 0),
    // Not "." or ".." (nor %2e%2e): the WHATWG URL parser resolves those before sending; the raw fuzzer sends them.
    fc.constantFrom( '%2F', 'a%2Fb', '%00', '%zz', '%C0%AF', 'index.md', 'UPPER', '-', 'a'.repeat(300)),
  );
  return segment.map((value) => {
    const raw = /^[\w.-]+$/.test(value) || /%/.test(value) ? value : encodeURIComponent(value);
    return { path: `${API_PREFIX}${endpoint.path.replace(':slug', raw)}`, slug: value };
  });
}

describe('every /api/v1 query and path parameter, fuzzed', () => {
  for (const endpoint of ENDPOINTS) {
    const name = `${API_PREFIX}${endpoint.path}`;
    test(`GET ${name} answers 200 or a well-formed 400/404 problem to any parameters`, async () => {
      announceSeed('test/fuzz/api-params.test.ts', `GET ${name}`, RUNS_PER_ENDPOINT);
      const valid = endpoint.slug?.values(catalog);
      await fc.assert(
        fc.asyncProperty(pathFor(endpoint), queryFor(endpoint), async ({ path }, query) => {
          const url = query === '' ? path : `${path}?${query}`;
          const response = await app.server.inject({ method: 'GET', url });
          const answer = { status: response.statusCode, headers: response.headers, body: response.body };
          const context = `GET ${url}`;
          assert.ok([200, 400, 404].includes(response.statusCode), `${context} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
          assert.equal(response.headers['x-content-type-options'], 'nosniff', context);
          if (response.statusCode === 200) {
            assert.equal(response.headers['content-type'], 'application/json; charset=utf-8', context);
            JSON.parse(response.body);
            return;
          }
          const problem = assertProblem(answer, context);
          // A 404 from the slug route lists the valid slugs (of the locale asked for, which may have fewer); one for an unroutable path is a plain not_found.
          if (response.statusCode === 404 && problem.valid_slugs !== undefined) {
            if (new URLSearchParams(query).has('locale')) assert.deepEqual((problem.valid_slugs as string[]).filter((slug) => !valid?.includes(slug)), [], context);
            else assert.deepEqual(problem.valid_slugs, valid, context);
          }
        }),
        { seed: FUZZ_SEED, numRuns: RUNS_PER_ENDPOINT, includeErrorInReport: true },
      );
    });
  }
});
