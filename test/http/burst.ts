/**
 * Many requests at once over a fixed number of real connections: what a busy
 * client (or fifty of them behind one address) does to the quota.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
}

/** Sends every request of `urls` at once; the agent spreads them over at most `connections` sockets. */
export async function burst(urls: readonly string[], connections: number): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  try {
    return await Promise.all(urls.map((url) => get(url, agent)));
  } finally {
    agent.destroy();
  }
}

export function get(url: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: agent ?? false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The `RateLimit-Remaining` values of `answers`, sorted. */
export function remainingValues(answers: readonly Answer[]): number[] {
  return answers.map((answer) => Number(answer.headers['ratelimit-remaining'])).sort((a, b) => a - b);
}

/** 0, 1, ..., n - 1: the remaining values of n requests that each saw a different count. */
export function range(n: number): number[] {
  return Array.from({ length: n }, (_, index) => index);
}

/**
 * The concurrency check of the quota: 600 requests over 50 connections from
 * one address are all served, each told a different remainder (none lost or
 * counted twice), and the 601st is refused with an honest Retry-After.
 */
export async function assertExactQuotaUnderConcurrency(app: { url: string; server: { server: { on(event: 'connection', listener: () => void): unknown } } }): Promise<void> {
  let connections = 0;
  app.server.server.on('connection', () => connections++);
  const answers = await burst(Array.from({ length: 600 }, () => `${app.url}/api/v1/health`), 50);
  assert.equal(connections, 50);
  assert.deepEqual(
    answers.map((answer) => answer.status),
    Array.from({ length: 600 }, () => 200),
  );
  assert.deepEqual(remainingValues(answers), range(600));
  const refused = await get(`${app.url}/api/v1/health`);
  assert.equal(refused.status, 429);
  assert.equal(refused.headers['ratelimit-remaining'], '0');
  assert.equal(refused.headers['retry-after'], refused.headers['ratelimit-reset']);
}
