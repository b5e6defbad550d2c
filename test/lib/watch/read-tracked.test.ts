/**
 * The dashboard's one read of the cache (read.ts readTracked) answers exactly as the three reads it replaces:
 * listTrackedPushes, listEvents and readWatcherState, for the settings the page holds.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSettings } from '@/lib/settings';
import { stateKey } from '@/lib/watch/schema';
import { watchDb } from '@/lib/watch/db';
import { listEvents, listTrackedPushes, readTracked, readWatcherState } from '@/lib/watch/read';
import { INITIAL_STATE, type WatchEvent } from '@/lib/watch/types';
import { trackedPush } from '../../components/dashboard/tracked-push';
import { BASE, resetWatchDb, signInAlice } from './helpers';

const push = (server: string, urlToken: string, createdAt: string) =>
  trackedPush({ server, url_token: urlToken, html_url: `${server}/p/${urlToken}`, created_at: createdAt });

const event = (id: string, at: string, server = BASE): WatchEvent => ({
  id,
  server,
  url_token: 'a',
  kind: 'viewed',
  at,
  seen: false,
});

beforeEach(resetWatchDb);

describe('readTracked', () => {
  it('reads the pushes, events and watcher state of the followed accounts, as the three reads do', async () => {
    const account = await signInAlice();
    const db = await watchDb();
    await db.put('pushes', { ...push(BASE, 'old', '2026-01-01T10:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'new', '2026-01-01T11:00:00Z'), account });
    await db.put('pushes', { ...push('https://other.example', 'o', '2026-01-01T12:00:00Z'), account });
    await db.put('pushes', { ...push(BASE, 'left', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    await db.put('events', { ...event('e1', '2026-01-01T10:00:00Z'), account });
    await db.put('events', { ...event('e2', '2026-01-01T11:00:00Z'), account });
    await db.put('events', { ...event('gone', '2026-01-01T12:00:00Z'), account: 'https://x#gone' });
    const state = { ...INITIAL_STATE, server: BASE, lastAttemptAt: 1_767_000_000_000 };
    await db.put('state', state, stateKey(account));
    const settings = await loadSettings();

    const all = await readTracked(settings);
    expect(all.pushes.map((p) => p.url_token)).toEqual(['o', 'new', 'old']);
    expect(all.pushes).toEqual(await listTrackedPushes());
    expect(all.events.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(all.events).toEqual(await listEvents());
    expect(all.watcher).toEqual(state);
    expect(all.watcher).toEqual(await readWatcherState());

    const one = await readTracked(settings, BASE);
    expect(one.pushes).toEqual(await listTrackedPushes(BASE));
    expect(one.pushes.map((p) => p.url_token)).toEqual(['new', 'old']);
  });

  it('answers an empty cache with no pushes, no events and the initial state', async () => {
    const settings = await loadSettings();
    expect(await readTracked(settings)).toEqual({ pushes: [], events: [], watcher: INITIAL_STATE });
  });
});
