/**
 * Quick push with presets (issue 39 §1): the first preset by default (the shortcut, the plain menu items),
 * the preset of a "… as ▸" entry when one was chosen, each against the real mock service; a preset the
 * server or the organization cannot honour sends nothing and says why.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createMenus, MENU_IDS, requestFromMenu, asPresetId } from '@/lib/quick-push/menus';
import { createQuickPusher } from '@/lib/quick-push/pusher';
import { DEFAULT_PUSH_DEFAULTS, presetFromDefaults, type Preset } from '@/lib/settings';
import { handoffStore } from '@/lib/handoff';
import { ALICE, BASE, type Harness } from '../api/harness';
import { notifications, POSTS, rig, sessionText, signedInHarness } from './helpers';

const FIRST = presetFromDefaults(DEFAULT_PUSH_DEFAULTS);
const VENDOR: Preset = {
  id: 'vendor',
  name: 'Vendor key',
  expireAfterDays: 2,
  expireAfterViews: 2,
  retrievalStep: true,
  deletableByViewer: false,
  passphrase: false,
  notifyEmails: 'it@example.com',
  note: 'for the vendor',
};
const TEN_DAYS: Preset = { ...VENDOR, id: 'ten', name: 'Ten days', expireAfterDays: 10, notifyEmails: '' };

let h: Harness;

beforeEach(async () => {
  h = await signedInHarness();
});

describe('a quick push with presets', () => {
  it('uses the first preset when none was chosen', async () => {
    const { deps } = rig(h, { presets: [FIRST, VENDOR] });
    expect((await createQuickPusher(deps).push({ kind: 'text', payload: 's3cret' })).status).toBe('pushed');
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    expect(body.push).toMatchObject({
      expire_after_duration: 12,
      expire_after_views: 5,
      retrieval_step: true,
    });
    expect(body.push).not.toHaveProperty('note');
  });

  it("sends the chosen preset's options, its days as the exact Pro duration", async () => {
    const { deps, clipboard } = rig(h, { presets: [FIRST, VENDOR] });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 's3cret', preset: 'vendor' });
    expect(outcome.status).toBe('pushed');
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    expect(body.push).toMatchObject({
      expire_after_duration: 7, // 2 days
      expire_after_views: 2,
      retrieval_step: true,
      deletable_by_viewer: false,
      note: 'for the vendor',
      notify_emails_to: 'it@example.com',
    });
    // The server holds them: its owner's list shows the push with the preset's note and views.
    const token = new URL(clipboard[0]!).pathname.split('/')[2]!;
    const mine = await h.client(ALICE.token).activeAll();
    const held = mine.find((push) => push.url_token === token)!;
    expect(held).toMatchObject({ note: 'for the vendor', expire_after_views: 2, retrieval_step: true });
  });

  it('sends nothing with a preset the server cannot honour, and says why', async () => {
    const { deps } = rig(h, { presets: [FIRST, TEN_DAYS] });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 's3cret', preset: 'ten' });
    expect(outcome).toMatchObject({ status: 'failed', retry: false });
    expect(outcome.message).toBe('“Ten days” cannot be used: This server has no exact equal of its expiry.');
    expect(POSTS(h)).toHaveLength(0);
    expect(Object.keys(notifications())).toHaveLength(1);
    expect(await sessionText()).toBe('{}');
  });

  it("sends nothing beyond the organization's most views", async () => {
    const { deps } = rig(h, { presets: [FIRST, VENDOR], policy: { maxViews: 1 } });
    const outcome = await createQuickPusher(deps).push({
      kind: 'url',
      payload: 'https://x.example',
      preset: 'vendor',
    });
    expect(outcome.message).toBe('“Vendor key” cannot be used: More views than your organization allows.');
    expect(POSTS(h)).toHaveLength(0);
  });
});

describe('the "… as ▸" menus', () => {
  function fakeMenus() {
    const items: Array<{ id: string; title: string; parentId?: string }> = [];
    vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockImplementation(async () => {
      items.length = 0;
    });
    vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((
      props: (typeof items)[number],
      done?: () => void,
    ) => {
      items.push(props);
      done?.();
      return props.id;
    }) as never);
    return items;
  }

  it('list every preset under each allowed item when there are several, none with one', async () => {
    const items = fakeMenus();
    const presets = [
      { id: 'defaults', title: 'Defaults' },
      { id: 'vendor', title: 'Vendor key' },
    ];
    await createMenus(browser.contextMenus, ['text'], presets);
    expect(items.map(({ id, title, parentId }) => [id, title, parentId])).toEqual([
      [MENU_IDS.selection, 'Push selected text', undefined],
      [`${MENU_IDS.selection}-as`, 'Push selected text as', undefined],
      [asPresetId(MENU_IDS.selection, 'defaults'), 'Defaults', `${MENU_IDS.selection}-as`],
      [asPresetId(MENU_IDS.selection, 'vendor'), 'Vendor key', `${MENU_IDS.selection}-as`],
    ]);
    await createMenus(browser.contextMenus, ['text'], presets.slice(0, 1));
    expect(items.map(({ id }) => id)).toEqual([MENU_IDS.selection]);
  });

  it('carry the chosen preset into the request; the plain item carries none', async () => {
    const tab = { id: 7, url: 'https://example.com/page', title: 'Page' };
    const read = async () => 'secret text';
    const as = await requestFromMenu(
      { menuItemId: asPresetId(MENU_IDS.link, 'vendor'), linkUrl: 'https://l.example/x' },
      tab,
      read,
    );
    expect(as).toMatchObject({ kind: 'url', payload: 'https://l.example/x', preset: 'vendor' });
    const plain = await requestFromMenu({ menuItemId: MENU_IDS.selection }, tab, read);
    expect(plain).toMatchObject({ kind: 'text', payload: 'secret text' });
    expect(plain).not.toHaveProperty('preset');
  });
});

describe('a quick push with "passphrase on"', () => {
  const ONBOARDING: Preset = { ...VENDOR, id: 'onb', name: 'Onboarding', passphrase: true, notifyEmails: '' };

  it('sends a generated passphrase, keeps it for the popup only, and says where it is', async () => {
    const { deps, clipboard } = rig(h, { presets: [FIRST, ONBOARDING] });
    const outcome = await createQuickPusher(deps).push({ kind: 'text', payload: 's3cret', preset: 'onb' });
    expect(outcome.status).toBe('pushed');
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    const passphrase = body.push.passphrase as string;
    expect(passphrase.length).toBeGreaterThan(10);
    // The popup's hand-off holds the link and its passphrase (storage.session, memory only).
    const kept = await handoffStore({ now: () => h.now() }).read([BASE]);
    expect(kept).toMatchObject({ link: clipboard[0], passphrase });
    // The notification says where to get it, never the passphrase itself; the link works with it only.
    expect(outcome.message).toContain('The passphrase is in the popup for 10 minutes');
    expect(JSON.stringify(notifications())).not.toContain(passphrase);
    const token = new URL(clipboard[0]!).pathname.split('/')[2]!;
    expect((await h.client().retrievePush(token, { passphrase })).payload).toBe('s3cret');
  });

  it('uses no passphrase and keeps nothing without "passphrase on"', async () => {
    const { deps } = rig(h, { presets: [FIRST, VENDOR] });
    await createQuickPusher(deps).push({ kind: 'text', payload: 's3cret', preset: 'vendor' });
    const body = await h.requests.find((r) => r.method === 'POST')!.json();
    expect(body.push).not.toHaveProperty('passphrase');
    expect(await sessionText()).toBe('{}');
  });
});
