import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sessionHeldPushes } from '@/lib/quick-push/held';
import type { QuickRequest } from '@/lib/quick-push/types';

/** A held request with where it was going: a server by its url, never its token. */
const entry = (request: QuickRequest) => ({ request, destination: { server: 'https://pwpush.example.com' } });

describe('sessionHeldPushes', () => {
  it('keeps requests in storage.session, never in local storage', async () => {
    const held = sessionHeldPushes();
    await held.put('a', entry({ kind: 'text', payload: 'hunter2' }));
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).toContain('hunter2');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('hunter2');
  });

  it('gives a request back once: take removes it', async () => {
    const held = sessionHeldPushes();
    await held.put('a', entry({ kind: 'url', payload: 'https://example.com/' }));
    expect(await held.take('a')).toEqual(entry({ kind: 'url', payload: 'https://example.com/' }));
    expect(await held.take('a')).toBeUndefined();
  });

  it('keeps every entry when puts run at the same time', async () => {
    const held = sessionHeldPushes();
    await Promise.all([
      held.put('a', entry({ kind: 'text', payload: 'one' })),
      held.put('b', entry({ kind: 'text', payload: 'two' })),
      held.put('c', entry({ kind: 'image', src: 'https://example.com/c.png' })),
    ]);
    expect(await held.take('b')).toEqual(entry({ kind: 'text', payload: 'two' }));
    expect(await held.take('c')).toEqual(entry({ kind: 'image', src: 'https://example.com/c.png' }));
    expect(await held.take('a')).toEqual(entry({ kind: 'text', payload: 'one' }));
  });

  it('removes an entry', async () => {
    const held = sessionHeldPushes();
    await held.put('a', entry({ kind: 'text', payload: 'hunter2' }));
    await held.remove('a');
    expect(await held.take('a')).toBeUndefined();
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('hunter2');
  });

  it('ignores (and drops) an entry that is not a valid request, or says not where it was going', async () => {
    await fakeBrowser.storage.session.set({
      quickPushHeld: { a: { kind: 'text' }, b: 'junk', c: { kind: 'text', payload: 'no destination' } },
    });
    const held = sessionHeldPushes();
    expect(await held.take('a')).toBeUndefined();
    expect(await held.take('b')).toBeUndefined();
    expect(await held.take('c')).toBeUndefined();
    expect(await fakeBrowser.storage.session.get('quickPushHeld')).toEqual({ quickPushHeld: {} });
  });
});
