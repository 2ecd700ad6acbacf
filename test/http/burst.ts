/**
 * Many requests at once over a fixed number of real connections: what a busy
 * client (or fifty of them behind one address) does to the quota.
 */
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
