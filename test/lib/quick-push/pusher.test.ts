import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { pendingCreates } from '@/lib/interrupted/pending';
import { reportInterrupted } from '@/lib/interrupted/background';
import { interruptedEntries } from '@/lib/store';
import { describeError } from '@/lib/api';
import { AppError } from '@/lib/errors';
import { createQuickPusher } from '@/lib/quick-push/pusher';
import { listTrackedPushes } from '@/lib/watch/read';
import { ALICE, BASE, harness, type Harness } from '../api/harness';
import { notifications, PNG_BYTES, POSTS, rig, sessionText, signedInHarness } from './helpers';

const SECRET = 'db password: hunter2\nsecond line';
const NETWORK_WORDS = describeError(new AppError('network', 'x'));

let h: Harness;

beforeEach(async () => {
  h = await signedInHarness();
});

/** The secret behind a link, read the way a recipient's browser does (one view). */
async function payloadBehind(link: string) {
  const token = new URL(link).pathname.split('/')[2]!;
  return (await h.client().retrievePush(token)).payload;
}

describe('a quick push that works', () => {
  it('creates with the saved defaults, copies a link that opens the text, and says when it expires', async () => {
    const { deps, clipboard } = rig(h);
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });

    expect(outcome).toMatchObject({ status: 'pushed', copied: true });
    expect(clipboard).toHaveLength(1);
    expect(clipboard[0]).toMatch(new RegExp(`^${BASE}/p/[a-z0-9_-]+/r$`));
    expect(await payloadBehind(clipboard[0]!)).toBe(SECRET);
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    expect(body.push).toMatchObject({
      kind: 'text',
      expire_after_duration: 12,
      expire_after_views: 5,
      retrieval_step: true,
      deletable_by_viewer: true,
    });
    expect(body.push).not.toHaveProperty('passphrase');
    expect(notifications()[outcome.notificationId]).toMatchObject({
      type: 'basic',
      title: 'Secret link copied',
      message:
        'Expires in 7 days or after 5 views, whichever comes first. Paste the link where you want to share it.',
    });
    expect(notifications()[outcome.notificationId]).not.toHaveProperty('buttons');
  });

  it('records the new push for the watcher, with its kind and without the text', async () => {
    const { deps } = rig(h);
    const outcome = await createQuickPusher(deps).push({ kind: 'url', payload: 'https://example.com/a' });
    if (outcome.status !== 'pushed') throw new Error('expected a push');
    const tracked = await listTrackedPushes(BASE);
    expect(tracked).toHaveLength(1);
    expect(tracked[0]).toMatchObject({ html_url: outcome.link, kind: 'url', source: 'local' });
    expect(JSON.stringify(tracked)).not.toContain('example.com/a');
  });

  it('copies the link while the push is being recorded, and is done only once it is recorded', async () => {
    const { deps, clipboard } = rig(h);
    let release!: () => void;
    const recording = new Promise<void>((resolve) => (release = resolve));
    const recorded: string[] = [];
    const pending = createQuickPusher({
      ...deps,
      record: async (push, info) => {
        await recording;
        await deps.record(push, info);
        recorded.push(push.html_url);
      },
    }).push({ kind: 'text', payload: SECRET });
    let done = false;
    void pending.then(() => (done = true));

    await vi.waitFor(() => expect(clipboard).toHaveLength(1));
    expect(done).toBe(false);
    release();
    const outcome = await pending;
    expect(outcome).toMatchObject({ status: 'pushed', copied: true, link: clipboard[0] });
    expect(recorded).toEqual([clipboard[0]]);
    expect(await listTrackedPushes(BASE)).toHaveLength(1);
  });

  it('uses the days default on an oss server', async () => {
    h = await harness('oss');
    const defaults = {
      expireAfterDuration: 5,
      expireAfterDays: 3,
      expireAfterViews: 2,
      retrievalStep: false,
      deletableByViewer: false,
      passphrase: true,
    };
    const { deps, clipboard } = rig(h, { defaults });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });

    expect(outcome.status).toBe('pushed');
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    expect(body.push).toMatchObject({ expire_after_days: 3, expire_after_views: 2, retrieval_step: false });
    expect(body.push).not.toHaveProperty('expire_after_duration');
    // The defaults ask for a passphrase (issue 39: a quick push now gives one, kept for the popup only).
    expect(outcome.message).toBe(
      'Expires in 3 days or after 2 views, whichever comes first. Paste the link where you want to share it.' +
        ' The passphrase is in the popup for 10 minutes: open Secret Push to copy it, and send it another way.',
    );
    const token = new URL(clipboard[0]!).pathname.split('/')[2]!;
    const retrieved = await h.client().retrievePush(token, { passphrase: body.push.passphrase });
    expect(retrieved.payload).toBe(SECRET);
  });

  it('sends an image as a file push with its name and type, fetched without credentials', async () => {
    const { deps, imageRequests, clipboard } = rig(h);
    const outcome = await createQuickPusher(deps).push({
      kind: 'image',
      src: 'https://cdn.example.com/pics/cat%20photo.png?size=large',
      pageUrl: 'https://example.com/article',
    });

    expect(outcome.status).toBe('pushed');
    expect(imageRequests).toEqual([
      {
        url: 'https://cdn.example.com/pics/cat%20photo.png?size=large',
        init: expect.objectContaining({ credentials: 'omit' }),
      },
    ]);
    const token = new URL(clipboard[0]!).pathname.split('/')[2]!;
    const retrieved = await h.client(ALICE.token).retrievePush(token);
    expect(retrieved.files).toEqual([
      expect.objectContaining({ filename: 'cat photo.png', content_type: 'image/png' }),
    ]);
    const download = await h.fetch(retrieved.files[0]!.url);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await listTrackedPushes(BASE))[0]?.kind).toBe('file');
  });

  it('still reports the push, without "Try again", when the link cannot be copied', async () => {
    const { deps, reported } = rig(h, { clipboardFails: true });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });

    expect(outcome).toMatchObject({ status: 'pushed', copied: false });
    expect(notifications()[outcome.notificationId]).toMatchObject({
      title: 'Pushed, but the link was not copied',
    });
    expect(notifications()[outcome.notificationId]).not.toHaveProperty('buttons');
    expect(reported).toHaveLength(1);
    expect(POSTS(h)).toHaveLength(1);
    expect(await sessionText()).not.toContain('hunter2');
  });
});

describe('a quick push that fails', () => {
  /** The server creates the push but the answer is lost: the worst case for sending again. */
  function loseAnswers() {
    h.tamper(async (request, forward) => {
      const response = await forward(request);
      if (request.method !== 'POST') return response;
      throw new TypeError('Failed to fetch');
    });
  }

  it('says why, offers "Try again", holds the text in storage.session only, and sends nothing more', async () => {
    const { deps, clipboard } = rig(h);
    loseAnswers();
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });

    expect(outcome).toMatchObject({ status: 'failed', message: NETWORK_WORDS, retry: true });
    const notice = notifications()[outcome.notificationId]!;
    expect(notice).toMatchObject({
      title: 'Could not push the selected text',
      message: NETWORK_WORDS,
      buttons: [{ title: 'Try again' }],
      requireInteraction: true,
    });
    expect(JSON.stringify(notifications())).not.toContain('hunter2');
    expect(await sessionText()).toContain('hunter2');
    expect(POSTS(h)).toHaveLength(1);
    expect(clipboard).toEqual([]);
  });

  it('"Try again" sends the held text once, then drops it and the failure notice', async () => {
    const { deps, clipboard } = rig(h);
    const pusher = createQuickPusher(deps);
    loseAnswers();
    const failed = await pusher.push({ kind: 'text', payload: SECRET });
    h.tamper(null);

    const again = await pusher.tryAgain(failed.notificationId);

    expect(again.status).toBe('pushed');
    expect(await payloadBehind(clipboard[0]!)).toBe(SECRET);
    expect(await sessionText()).not.toContain('hunter2');
    expect(Object.keys(notifications())).toEqual([again.notificationId]);
    expect(POSTS(h)).toHaveLength(2);
    expect(await pusher.tryAgain(failed.notificationId)).toMatchObject({ status: 'nothing' });
    expect(POSTS(h)).toHaveLength(2);
  });

  it('sends once when "Try again" is clicked twice quickly', async () => {
    const { deps } = rig(h);
    const pusher = createQuickPusher(deps);
    loseAnswers();
    const failed = await pusher.push({ kind: 'text', payload: SECRET });
    h.tamper(null);

    const outcomes = await Promise.all([
      pusher.tryAgain(failed.notificationId),
      pusher.tryAgain(failed.notificationId),
    ]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(['nothing', 'pushed']);
    expect(POSTS(h)).toHaveLength(2);
  });

  it('"Try again" still works after the service worker restarted (a new pusher, same session)', async () => {
    loseAnswers();
    const failed = await createQuickPusher(rig(h).deps).push({ kind: 'text', payload: SECRET });
    h.tamper(null);

    const restarted = rig(h);
    const again = await createQuickPusher(restarted.deps).tryAgain(failed.notificationId);

    expect(again.status).toBe('pushed');
    expect(await payloadBehind(restarted.clipboard[0]!)).toBe(SECRET);
  });

  it('drops the held text when the notification is dismissed', async () => {
    const { deps } = rig(h);
    const pusher = createQuickPusher(deps);
    loseAnswers();
    const failed = await pusher.push({ kind: 'text', payload: SECRET });
    h.tamper(null);

    await pusher.dismissed(failed.notificationId);

    expect(await sessionText()).not.toContain('hunter2');
    expect(await pusher.tryAgain(failed.notificationId)).toMatchObject({
      status: 'nothing',
      message: 'The text to send is no longer held. Push it again from the page.',
    });
    expect(POSTS(h)).toHaveLength(1);
  });

  it('drops the held text when the failure notification cannot be shown', async () => {
    const { deps } = rig(h);
    const shown = new Error('notifications are off');
    deps.notifier = { ...deps.notifier, show: async () => Promise.reject(shown) };
    loseAnswers();

    await expect(createQuickPusher(deps).push({ kind: 'text', payload: SECRET })).rejects.toBe(shown);

    // No notification means no "Try again" could ever ask for it.
    expect(await sessionText()).not.toContain('hunter2');
    expect(POSTS(h)).toHaveLength(1);
  });

  it('says a token is needed for an image, without downloading it', async () => {
    const { deps, imageRequests } = rig(h, { token: null });
    const outcome = await createQuickPusher(deps).push({ kind: 'image', src: 'https://example.com/a.png' });

    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'Sending files needs an API token — open Settings and add one.',
    });
    expect(notifications()[outcome.notificationId]?.title).toBe('Could not push the image');
    expect(imageRequests).toEqual([]);
    expect(POSTS(h)).toHaveLength(0);
  });

  it('shows a rejected token in words from describeError', async () => {
    const { deps } = rig(h, { token: 'not-a-real-token' });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).not.toContain('hunter2');
    expect(outcome.message).toBe(
      describeError(
        await h
          .client('not-a-real-token')
          .activePage()
          .catch((e) => e),
      ),
    );
  });
});

describe('nothing to push', () => {
  it('says so without a request', async () => {
    const { deps } = rig(h);
    const outcome = await createQuickPusher(deps).nothing('Select some text first, then try again.');
    expect(notifications()[outcome.notificationId]).toMatchObject({
      title: 'Nothing was pushed',
      message: 'Select some text first, then try again.',
    });
    expect(h.requests).toHaveLength(0);
  });
});

describe('a worker stopped in the middle of a quick push (issue 40)', () => {
  const entries = async () =>
    Object.entries(await fakeBrowser.storage.session.get(null)).filter(([key]) =>
      key.startsWith('interrupted:'),
    );

  it('marks the push as under way as its request leaves, while the server answers, and unmarks it once it is recorded', async () => {
    const { deps } = rig(h);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    h.tamper(async (request, forward) => {
      if (request.method !== 'POST') return forward(request);
      await answered;
      return forward(request);
    });
    const pushing = createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    // The request is at the server, its answer not back yet: the mark is there, with nothing of the text.
    await vi.waitFor(async () => expect(await entries()).toHaveLength(1));
    const marked = await entries();
    expect(JSON.stringify(marked)).not.toContain('hunter2');
    expect(marked[0]).toEqual(['interrupted:pending-1', expect.objectContaining({ kind: 'quick-push' })]);
    release();
    expect((await pushing).status).toBe('pushed');
    expect(await listTrackedPushes()).toHaveLength(1);
    expect(await entries()).toEqual([]);
  });

  it('leaves the mark when the worker stops before the push is recorded: the next start finds it', async () => {
    const { deps } = rig(h);
    // The server made the push and the worker stopped before its answer arrived: nothing after runs.
    h.tamper(async (request, forward) => {
      if (request.method !== 'POST') return forward(request);
      await forward(request);
      return new Promise<never>(() => undefined);
    });
    void createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    await vi.waitFor(() => expect(POSTS(h)).toHaveLength(1));
    expect(await listTrackedPushes()).toEqual([]);
    const next = pendingCreates({
      entries: interruptedEntries,
      life: 'the next start',
      now: () => 0,
      newId: () => 'x',
    });
    expect(await next.takeInterrupted()).toEqual([expect.objectContaining({ kind: 'quick-push' })]);
  });

  it('sends the push all the same when storage refuses the mark, and says so to developers only', async () => {
    const { deps, reported } = rig(h);
    deps.pending = pendingCreates({
      entries: {
        ...interruptedEntries,
        set: async () => {
          throw new Error('QUOTA_BYTES quota exceeded');
        },
      },
      life: 'this-life',
      now: () => 0,
      newId: () => 'm',
    });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome.status).toBe('pushed');
    expect(POSTS(h)).toHaveLength(1);
    expect(String(reported[0])).toContain('QUOTA_BYTES');
  });

  it('unmarks a push that failed: its notification already says so', async () => {
    const { deps } = rig(h);
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((await createQuickPusher(deps).push({ kind: 'text', payload: SECRET })).status).toBe('failed');
    expect(await entries()).toEqual([]);
  });

  // Firefox reloading its background page aborts the page's requests, often before the page hears it is
  // going: the create may have landed, and a "Try again" would make the push a second time.
  it('says nothing and holds nothing when the browser cancelled its request: the next life says it', async () => {
    const { deps } = rig(h);
    // The abort comes before the page hears it is leaving, and the page is not told within the moment either.
    deps.leaving = { now: () => false, soon: async () => false };
    h.tamper(async (request, forward) => {
      if (request.method !== 'POST') return forward(request);
      await forward(request); // the server made the push
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome).toMatchObject({ status: 'unknown', notificationId: 'interrupted:pending-1' });
    expect(notifications()).toEqual({});
    // Nothing held for "Try again": the session holds the mark alone, with nothing of the text.
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual(['interrupted:pending-1']);
    expect(JSON.stringify(await fakeBrowser.storage.session.get(null))).not.toContain('hunter2');
    // The mark stays; the next life reports it under the id the outcome named.
    const shown: string[] = [];
    const next = pendingCreates({
      entries: interruptedEntries,
      life: 'next',
      now: () => 0,
      newId: () => 'x',
    });
    await reportInterrupted({
      pending: next,
      show: async (id) => void shown.push(id),
      openDashboard: async () => {},
    });
    expect(shown).toEqual([outcome.notificationId]);
    expect(POSTS(h)).toHaveLength(1);
  });

  it('says nothing either when a failure comes as the page leaves: before its pagehide, heard within a moment', async () => {
    const { deps } = rig(h);
    let leaving = false;
    // Firefox's reload: the request fails first, the page hears pagehide right after.
    deps.leaving = {
      now: () => leaving,
      soon: async () => {
        leaving = true;
        return true;
      },
    };
    h.tamper(async (request, forward) => {
      if (request.method !== 'POST') return forward(request);
      await forward(request);
      throw new TypeError('NetworkError when attempting to fetch resource.');
    });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome.status).toBe('unknown');
    expect(notifications()).toEqual({});
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual(['interrupted:pending-1']);
  });

  it('says a failure the server answered even as the page goes: the answer says no push was made', async () => {
    const { deps } = rig(h);
    deps.leaving = { now: () => true, soon: async () => true };
    h.tamper(async (request, forward) => {
      if (request.method !== 'POST') return forward(request);
      return new Response(JSON.stringify({ error: 'Payload is too large' }), {
        status: 422,
        headers: { 'content-type': 'application/json' },
      });
    });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome).toMatchObject({ status: 'failed', retry: true });
    expect(await entries()).toEqual([]);
  });

  it('still says a failure while the page stays, with its "Try again"', async () => {
    const { deps } = rig(h);
    deps.leaving = { now: () => false, soon: async () => false };
    h.tamper(async () => {
      throw new TypeError('Failed to fetch');
    });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: SECRET });
    expect(outcome).toMatchObject({ status: 'failed', retry: true });
    expect(Object.keys(notifications())).toEqual([outcome.notificationId]);
    expect(await entries()).toEqual([]);
  });
});
