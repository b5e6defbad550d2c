/** The legacy X-User-Email + X-User-Token pair (reference §1): the e-mail must be the token's user's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockHost, type MockHost } from '@/lib/mock/host/server';

let host: MockHost;
beforeAll(async () => {
  host = await startMockHost({
    port: 0,
    rateLimit: 0,
    users: [
      { email: 'alice@example.com', token: 'alice-token' },
      { email: 'bob@example.com', token: 'bob-token' },
    ],
  });
});
afterAll(() => host.close());

const active = (headers: Record<string, string>) =>
  fetch(`${host.baseUrl}/api/v2/pushes/active`, { headers });

describe('legacy token headers', () => {
  it('accept the pair of a token and its own user’s e-mail, in any case', async () => {
    expect(
      (await active({ 'x-user-email': 'alice@example.com', 'x-user-token': 'alice-token' })).status,
    ).toBe(200);
    expect(
      (await active({ 'x-user-email': 'Alice@Example.COM', 'x-user-token': 'alice-token' })).status,
    ).toBe(200);
  });

  it.each([
    ['another user’s e-mail', { 'x-user-email': 'bob@example.com', 'x-user-token': 'alice-token' }],
    ['an unknown e-mail', { 'x-user-email': 'mallory@example.com', 'x-user-token': 'alice-token' }],
    ['no e-mail at all', { 'x-user-token': 'alice-token' }],
  ])('refuse a token with %s: 401, empty body', async (_, headers) => {
    const response = await active(headers);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('');
  });
});
