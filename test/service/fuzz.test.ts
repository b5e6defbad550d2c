/**
 * Property-based fuzzing of the Node host (fast-check): random and malformed requests, and concurrent
 * retrievals racing for the last view, in both editions. Seeded and bounded for `npm test`; `npm run fuzz
 * -- --runs N` runs the same campaign for longer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';
import {
  ANSWER_WITHIN_MS,
  newFigures,
  racesForLastView,
  randomRequests,
  stillHealthy,
  violation,
} from './fuzz/campaign';

const hosts: MockHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.close()));
});

async function host(edition: 'pro' | 'oss') {
  const started = await startMockHost({
    port: 0,
    edition,
    rateLimit: 0, // the limiter's 429 is text/plain by contract; it is tested on its own elsewhere
    users: [{ email: 'fuzz@example.com', token: 'fuzz-token' }],
    logError: () => undefined, // a 500 is caught as a violation; its log line adds nothing here
  });
  hosts.push(started);
  return started;
}

describe.each(['pro', 'oss'] as const)('fuzz (%s edition)', (edition) => {
  it('answers random and malformed requests without a 5xx, in time, with JSON on the API', async () => {
    const { baseUrl } = await host(edition);
    const figures = newFigures();
    await randomRequests(baseUrl, 'fuzz-token', 20261123, 800, figures);
    await stillHealthy(baseUrl, figures);
    expect(figures.violations).toEqual([]);
    expect(figures.statuses[201]).toBeGreaterThan(0); // the campaign reaches creation, not only 404s
    expect(figures.statuses[422]).toBeGreaterThan(0);
  }, 60_000);

  it('never hands out a secret more often than it has views, however many retrievals race', async () => {
    const { baseUrl } = await host(edition);
    const figures = newFigures();
    await racesForLastView(baseUrl, 'fuzz-token', 7, 40, figures);
    await stillHealthy(baseUrl, figures);
    expect(figures.violations).toEqual([]);
  }, 60_000);
});

describe('fuzz invariants', () => {
  const raw = { method: 'GET', path: '/api/v2/pushes/x', headers: {} };
  const reply = (status: number, body: string, ms = 5) => ({
    status,
    headers: {},
    body: Buffer.from(body),
    ms,
  });

  it.each([
    ['a 5xx', reply(502, '{"error":"x"}')],
    ['a slow answer', reply(200, '{}', ANSWER_WITHIN_MS + 1)],
    ['HTML on the API', reply(404, '<html>nope</html>')],
  ])('flags %s', (_, answer) => {
    expect(violation(raw, answer)).toBeDefined();
  });

  it.each([
    ['an empty 401', raw, reply(401, '')],
    ["node's own 431", raw, reply(431, 'Request Header Fields Too Large')],
    ['an HTML recipient page', { ...raw, path: '/p/x' }, reply(404, '<html>gone</html>')],
  ])('accepts %s', (_, request, answer) => {
    expect(violation(request, answer)).toBeUndefined();
  });
});
