/**
 * The fuzz campaign against a running mock host: random requests checked one by one against the
 * invariants, then concurrent retrievals racing for the last views. Shared by `npm test` (seeded, small)
 * and `npm run fuzz` (as many runs as asked).
 */
import fc from 'fast-check';
import { anyRequest } from './arbitraries';
import { sendRaw, type RawReply, type RawRequest } from './send';

export const ANSWER_WITHIN_MS = 2000;

export interface Figures {
  requests: number;
  statuses: Record<number, number>;
  slowestMs: number;
  violations: string[];
}

export function newFigures(): Figures {
  return { requests: 0, statuses: {}, slowestMs: 0, violations: [] };
}

function isJson(body: Buffer): boolean {
  try {
    JSON.parse(body.toString('utf8'));
    return true;
  } catch {
    return false; // a documented value: the caller reports it as a violation
  }
}

/** What is wrong with one answer, if anything. */
export function violation(raw: RawRequest, reply: RawReply): string | undefined {
  const what = `${raw.method} ${raw.path.slice(0, 120)}`;
  if (reply.status >= 500) return `${what}: ${reply.status} ${reply.body.toString('utf8').slice(0, 200)}`;
  if (reply.ms > ANSWER_WITHIN_MS) return `${what}: answered after ${Math.round(reply.ms)} ms`;
  const api = raw.path.startsWith('/api/');
  if (api && reply.status !== 431 && reply.body.length > 0 && !isJson(reply.body))
    return `${what}: ${reply.status} answer is not JSON: ${reply.body.toString('utf8').slice(0, 120)}`;
  return undefined;
}

async function record(figures: Figures, baseUrl: string, raw: RawRequest): Promise<RawReply | undefined> {
  figures.requests++;
  try {
    const reply = await sendRaw(baseUrl, raw, ANSWER_WITHIN_MS + 3000);
    figures.statuses[reply.status] = (figures.statuses[reply.status] ?? 0) + 1;
    figures.slowestMs = Math.max(figures.slowestMs, reply.ms);
    const problem = violation(raw, reply);
    if (problem) figures.violations.push(problem);
    return reply;
  } catch (error) {
    figures.violations.push(`${raw.method} ${raw.path.slice(0, 120)}: ${(error as Error).message}`);
    return undefined;
  }
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Creates a push through the API and returns its url_token. */
async function createPush(baseUrl: string, token: string, push: Record<string, unknown>): Promise<string> {
  const reply = await sendRaw(baseUrl, {
    method: 'POST',
    path: '/api/v2/pushes',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: json({ push }),
  });
  if (reply.status !== 201) throw new Error(`create answered ${reply.status}`);
  return JSON.parse(reply.body.toString('utf8')).url_token as string;
}

/** `runs` random requests, drawn in batches from `seed` so that a long run never holds them all. */
export async function randomRequests(
  baseUrl: string,
  token: string,
  seed: number,
  runs: number,
  figures: Figures,
) {
  const pushTokens = await Promise.all(
    [1, 2, 3].map((views) =>
      createPush(baseUrl, token, { payload: `fuzz ${views}`, expire_after_views: views }),
    ),
  );
  for (let done = 0, batch = 0; done < runs; batch++) {
    const size = Math.min(100, runs - done);
    for (const raw of fc.sample(anyRequest(token, pushTokens), { seed: seed + batch, numRuns: size })) {
      await record(figures, baseUrl, raw);
    }
    done += size;
  }
}

/** Concurrent retrievals of one push: never more answers carrying the payload than it has views. */
export async function racesForLastView(
  baseUrl: string,
  token: string,
  seed: number,
  runs: number,
  figures: Figures,
) {
  const cases = fc.sample(
    fc.record({
      views: fc.integer({ min: 1, max: 3 }),
      racers: fc.integer({ min: 2, max: 8 }),
      json: fc.boolean(),
    }),
    { seed, numRuns: runs },
  );
  for (const [i, { views, racers, json: suffix }] of cases.entries()) {
    const secret = `race-${seed}-${i}-${Math.random().toString(36).slice(2)}`;
    const urlToken = await createPush(baseUrl, token, { payload: secret, expire_after_views: views });
    const path = `/api/v2/pushes/${urlToken}${suffix ? '.json' : ''}`;
    const replies = await Promise.all(
      Array.from({ length: racers }, () => record(figures, baseUrl, { method: 'GET', path, headers: {} })),
    );
    const carried = replies.filter((r) => r?.body.toString('utf8').includes(secret)).length;
    if (carried > views)
      figures.violations.push(`race: ${carried} of ${racers} retrievals carried a ${views}-view secret`);
  }
}

/** The host still answers its version after everything. */
export async function stillHealthy(baseUrl: string, figures: Figures): Promise<void> {
  const reply = await record(figures, baseUrl, { method: 'GET', path: '/api/v2/version', headers: {} });
  if (reply?.status !== 200) figures.violations.push(`health: /api/v2/version answered ${reply?.status}`);
}
