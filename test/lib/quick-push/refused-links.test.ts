/**
 * Quick push and a link the extension does not hand on (issue 9 #3, #4): a link on another origin waits
 * for "Copy anyway"; a link that is not a safe web address is never copied.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_BASE_URL } from '@/lib/demo/constants';
import { pushOfNotice } from '@/lib/quick-push/notifier';
import { createQuickPusher, isDemoNotice, pushed } from '@/lib/quick-push/pusher';
import { listTrackedPushes } from '@/lib/watch/read';
import { pushKey } from '@/lib/watch/push-address';
import { ALICE, BASE, type Harness } from '../api/harness';
import { notifications, rig, sessionText, signedInHarness } from './helpers';

const EVIL = 'https://evil.example';
let h: Harness;

beforeEach(async () => {
  h = await signedInHarness();
});

/** The server answers every create with `rewrite(html_url)` as the push's link. */
function linksTo(rewrite: (real: string) => string) {
  h.tamper(async (request, forward) => {
    const answer = await forward(request);
    if (request.method !== 'POST') return answer;
    const body = await answer.json();
    return Response.json({ ...body, html_url: rewrite(body.html_url) }, { status: answer.status });
  });
}
const elsewhere = (real: string) => real.replace(BASE, EVIL);

describe('a quick push whose link points to another origin', () => {
  it('copies nothing, records the push, and asks with a "Copy anyway" button', async () => {
    linksTo(elsewhere);
    const { deps, clipboard } = rig(h);
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 'hunter2' });

    expect(outcome).toMatchObject({ status: 'pushed', copied: false });
    expect(clipboard).toEqual([]);
    expect(notifications()[outcome.notificationId]).toMatchObject({
      title: 'Pushed, but the link points elsewhere',
      message: `The push link points to ${EVIL}, not ${BASE}. The link was not copied.`,
      buttons: [{ title: 'Copy anyway' }],
      requireInteraction: true,
    });
    expect(await listTrackedPushes(BASE)).toHaveLength(1);
  });

  it('copies the link once the person presses "Copy anyway", and only once', async () => {
    linksTo(elsewhere);
    const { deps, clipboard } = rig(h);
    const pusher = createQuickPusher(deps);
    const asked = await pusher.push({ kind: 'text', payload: 'hunter2' });

    const copied = await pusher.copyAnyway(asked.notificationId);
    expect(copied).toMatchObject({ status: 'pushed', copied: true });
    expect(clipboard).toHaveLength(1);
    expect(clipboard[0]!.startsWith(`${EVIL}/p/`)).toBe(true);
    expect(notifications()).not.toHaveProperty(asked.notificationId);
    expect(notifications()[copied.notificationId]).toMatchObject({ title: 'Secret link copied' });

    expect(await pusher.copyAnyway(asked.notificationId)).toMatchObject({ status: 'nothing' });
    expect(clipboard).toHaveLength(1);
  });

  it('Firefox: no button; the text says a click copies it anyway', async () => {
    linksTo(elsewhere);
    const { deps } = rig(h, { buttons: false });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 'hunter2' });
    expect(notifications()[outcome.notificationId]?.message).toMatch(/Click here to copy it anyway\.$/);
    expect(notifications()[outcome.notificationId]).not.toHaveProperty('buttons');
  });

  it('dismissing the notification drops the held link; "Copy anyway" then copies nothing', async () => {
    linksTo(elsewhere);
    const { deps, clipboard } = rig(h);
    const pusher = createQuickPusher(deps);
    const asked = await pusher.push({ kind: 'text', payload: 'hunter2' });
    expect(await sessionText()).toContain(EVIL);

    await pusher.dismissed(asked.notificationId);
    expect(await sessionText()).not.toContain(EVIL);
    expect(await pusher.copyAnyway(asked.notificationId)).toMatchObject({ status: 'nothing' });
    expect(clipboard).toEqual([]);
  });
});

describe('a quick push whose link is not a safe web address', () => {
  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'])(
    'never copies %s and offers no way to',
    async (link) => {
      linksTo(() => link);
      const { deps, clipboard } = rig(h);
      const pusher = createQuickPusher(deps);
      const outcome = await pusher.push({ kind: 'text', payload: 'hunter2' });

      expect(outcome).toMatchObject({ status: 'pushed', copied: false });
      expect(notifications()[outcome.notificationId]).toMatchObject({
        title: 'Pushed, but the link is not safe',
      });
      expect(notifications()[outcome.notificationId]?.message).toMatch(/check the server settings\.$/);
      expect(notifications()[outcome.notificationId]).not.toHaveProperty('buttons');
      expect(await pusher.copyAnyway(outcome.notificationId)).toMatchObject({ status: 'nothing' });
      expect(clipboard).toEqual([]);
      expect(await sessionText()).not.toContain(link.slice(0, 10));
    },
  );
});

describe('a quick push in demo mode', () => {
  /** A push made on the harness's server, handed on as the demo service's (its link opens only here). */
  async function demoPush(buttons: boolean) {
    const { deps, clipboard } = rig(h, { buttons });
    const { push } = await h.client(ALICE.token).createPush({ payload: 'hunter2' });
    const link = { ok: true as const, url: push.html_url };
    const outcome = await pushed(
      deps,
      { kind: 'text', payload: 'hunter2' },
      { push, server: DEMO_BASE_URL, link },
    );
    return { outcome, clipboard, link: push.html_url };
  }

  it('copies the link and says it opens only in this browser, with a "Connect a server" button', async () => {
    const { outcome, clipboard, link } = await demoPush(true);
    expect(clipboard).toEqual([link]);
    expect(isDemoNotice(outcome.notificationId)).toBe(true);
    const shown = notifications()[outcome.notificationId];
    expect(shown).toMatchObject({
      title: 'Demo link copied: it opens only in this browser',
      buttons: [{ title: 'Connect a server' }],
      // Nothing waits on this button: the notice goes as any other.
      requireInteraction: false,
    });
    expect(shown?.message).toMatch(/To share a secret with someone, connect a server\.$/);
    expect(shown?.message).not.toContain('hunter2');
  });

  it('offers no "Connect a server" in Firefox (no buttons): there a click opens the push (issue 19)', async () => {
    const { outcome, link } = await demoPush(false);
    const shown = notifications()[outcome.notificationId];
    expect(shown).not.toHaveProperty('buttons');
    expect(shown?.message).toMatch(/To share a secret with someone, connect a server\.$/);
    const urlToken = /\/p\/([^/#?]+)/.exec(link)?.[1] ?? '';
    expect(pushOfNotice(outcome.notificationId)).toBe(
      pushKey({ server: DEMO_BASE_URL, url_token: urlToken }),
    );
    // Its id and words hold no token (issue 37): a system's notification centre may keep them.
    expect(urlToken).not.toBe('');
    expect(outcome.notificationId).not.toContain(urlToken);
    expect(JSON.stringify(shown)).not.toContain(urlToken);
  });

  it('keeps the plain wording for a push to a real server', async () => {
    const { deps } = rig(h);
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 'hunter2' });
    expect(isDemoNotice(outcome.notificationId)).toBe(false);
    expect(notifications()[outcome.notificationId]).toMatchObject({ title: 'Secret link copied' });
  });
});
