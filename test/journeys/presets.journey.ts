/**
 * Presets (issue 39 §1) in both browsers, one launch each, against a Node mock host saved as the server:
 * a person makes a preset in Settings, the popup's row chooses it and the push the server holds has its
 * options (read back with the owner's token); the context menu's "Push selected text as ▸ <preset>" does
 * the same from the background. No driver can click a native context menu: the menu's entry is checked
 * to exist, and its click is the handler contextMenus.onClicked calls (lib/quick-push/e2e-hook.ts). The
 * organization's preset, shown locked, is policy.journey.ts's (it needs a policy: run it there with -t).
 */
import { beforeAll, expect, it } from 'vitest';
import { asPresetId, MENU_IDS } from '@/lib/quick-push/menus';
import type { Preset } from '@/lib/settings';
import { forEachBrowser, type ExtensionBrowser } from './browsers';
import { fill } from './secrets/form';
import { menu, pushed } from './secrets/quick';
import {
  ALICE,
  createdLink,
  openPopup,
  ownerClient,
  press,
  useMockHost,
  useServer,
  waitForText,
} from './steps';

/** The user's presets as the extension stored them. */
const storedPresets = (browser: ExtensionBrowser) =>
  browser.background(async (g) => ((await g.chrome.storage.local.get('presets')).presets ?? []) as Preset[]);

/** Whether the context menu has an item with this id (contextMenus.update fails for one it lacks). */
const hasMenuItem = (browser: ExtensionBrowser, id: string) =>
  browser.background(async (g, id) => {
    try {
      await g.browser.contextMenus.update(id, {});
      return true;
    } catch {
      return false;
    }
  }, id);

forEachBrowser('presets', (name, browser) => {
  const host = useMockHost();
  const client = () => ownerClient(host().baseUrl);
  /** The push the server holds, as its owner lists it. */
  const held = async (urlToken: string) =>
    (await client().activeAll()).find((push) => push.url_token === urlToken);

  beforeAll(async () => {
    await useServer(browser(), host().baseUrl, ALICE.token);
  });

  it('Settings: Add preset makes "Onboarding" (3 days, 1 view, not deletable, a note), listed after the defaults', async () => {
    const options = await browser().open('options.html', '::-p-aria(Add preset[role="button"])');
    await press(options, 'Add preset');
    await fill(options, 'Name', 'Onboarding');
    // The server's edition is Pro (saved with it): the expiry is its duration list.
    await options.select('#preset-duration', '8');
    await options.fill('#preset-views', '1');
    // The editor's own switch (the defaults' section above has one of the same name): the second of its three.
    await options.click('.preset-editor > label.check:nth-of-type(2)');
    expect(
      await options.$eval('.preset-editor > label.check:nth-of-type(2)', (label) => label.textContent),
    ).toBe('Deletable by viewer');
    await fill(options, 'Note (only you see it)', 'onboarding note');
    await press(options, 'Save preset');
    await waitForText(options, '3 days · 1 view');
    const presets = await storedPresets(browser());
    expect(presets.map((preset) => preset.name)).toEqual(['', 'Onboarding']);
    expect(presets[1]).toMatchObject({
      expireAfterDuration: 8,
      expireAfterViews: 1,
      deletableByViewer: false,
      retrievalStep: true,
      note: 'onboarding note',
    });
    expect(presets[1]).not.toHaveProperty('expireAfterDays');
    await options.close();
  });

  it("the popup's row chooses Onboarding, says so, and the server holds a push with its options", async () => {
    const popup = await openPopup(browser());
    await press(popup, 'Onboarding');
    await waitForText(popup, 'Options from “Onboarding”');
    expect(await popup.$eval('#sp-views', (field) => (field as HTMLInputElement).value)).toBe('1');
    await fill(popup, 'Secret', `${name} onboarding secret`);
    await press(popup, 'Create push');
    const { urlToken } = await createdLink(popup);
    expect(await held(urlToken)).toMatchObject({
      expire_after_duration: 8,
      expire_after_views: 1,
      deletable_by_viewer: false,
      retrieval_step: true,
      note: 'onboarding note',
    });
    await popup.close();
  });

  it('the context menu offers "Push selected text as ▸" each preset; its Onboarding entry pushes with its options', async () => {
    const onboarding = (await storedPresets(browser()))[1]!;
    const entry = asPresetId(MENU_IDS.selection, onboarding.id);
    // Rebuilt when the presets changed: the entry is there without a restart.
    await expect.poll(() => hasMenuItem(browser(), entry), { timeout: 10_000 }).toBe(true);
    expect(await hasMenuItem(browser(), `${MENU_IDS.selection}-as`)).toBe(true);
    const outcome = await menu(browser(), { menuItemId: entry, selectionText: `${name} menu preset secret` });
    expect(await held(pushed(outcome))).toMatchObject({
      expire_after_duration: 8,
      expire_after_views: 1,
      deletable_by_viewer: false,
      note: 'onboarding note',
    });
    // The plain item uses the first preset, the defaults.
    const plain = await menu(browser(), { menuItemId: MENU_IDS.selection, selectionText: `${name} plain` });
    expect(await held(pushed(plain))).toMatchObject({ expire_after_views: 5, expire_after_duration: 12 });
  });

  it('a preset with "passphrase on" pushes from the menu with a generated passphrase: kept for the popup (the words read from the extension’s file), never in the notice, and the server asks for it', async () => {
    const [first, ...rest] = await storedPresets(browser());
    const locked: Preset = { ...rest[0]!, id: 'locked-box', name: 'Locked box', passphrase: true };
    await browser().background(
      (g, presets) => g.chrome.storage.local.set({ presets }),
      [first!, ...rest, locked],
    );
    const entry = asPresetId(MENU_IDS.selection, locked.id);
    await expect.poll(() => hasMenuItem(browser(), entry), { timeout: 10_000 }).toBe(true);
    const secret = `${name} passphrase preset secret`;
    const outcome = await menu(browser(), { menuItemId: entry, selectionText: secret });
    const kept = await browser().background(
      async (g) =>
        (await g.chrome.storage.session.get('popupHandoff')).popupHandoff as { passphrase?: string },
    );
    const passphrase = kept.passphrase ?? '';
    // Words of the EFF list joined by dashes, one with a digit: the background's generator.
    expect(passphrase).toMatch(/^[a-z]+\d?(-[a-z]+\d?){4}$/);
    expect(outcome?.message).toContain('The passphrase is in the popup');
    expect(outcome?.message).not.toContain(passphrase);
    const urlToken = pushed(outcome);
    await expect(client().retrievePush(urlToken)).rejects.toThrow();
    expect((await client().retrievePush(urlToken, { passphrase })).payload).toBe(secret);
  });
});
