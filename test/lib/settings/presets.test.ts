/**
 * Presets in the settings model (issue 39 §1): the saved defaults become the first preset (nobody loses
 * theirs), the list is saved whole through the one save and checked at that boundary, the defaults are the
 * first preset's, and an organization's presets are shown (locked, after the user's first) but never
 * stored; its limits and presets arrive through the checked policy.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isAppError } from '@/lib/errors';
import {
  DEFAULT_PUSH_DEFAULTS,
  loadSettings,
  presetFromDefaults,
  readSettings,
  saveSettings,
  type PolicyState,
  type Preset,
} from '@/lib/settings';
import { savePresets, validatePreset } from '@/lib/settings/defaults';
import { parsePolicy } from '@/lib/settings/policy-parse';

const OLD_DEFAULTS = { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 1, passphrase: true };
const VENDOR: Preset = {
  id: 'vendor',
  name: 'Vendor key',
  expireAfterDays: 2,
  expireAfterViews: 3,
  retrievalStep: true,
  deletableByViewer: false,
  passphrase: false,
  notifyEmails: 'it@example.com',
  note: 'vendor',
};
const local = (key: string) => fakeBrowser.storage.local.get(key).then((stored) => stored[key]);
const setPolicy = (state: PolicyState) => fakeBrowser.storage.local.set({ policy: state });

beforeEach(() => setPolicy({ policy: {}, notes: [] }));

describe('presets in the settings', () => {
  it('reads the defaults saved before presets as the first preset, nothing lost', async () => {
    await fakeBrowser.storage.local.set({ pushDefaults: OLD_DEFAULTS });
    const settings = await loadSettings();
    expect(settings.presets).toEqual([presetFromDefaults(OLD_DEFAULTS)]);
    expect(settings.defaults).toEqual(OLD_DEFAULTS);
  });

  it('saves the list whole; the first preset gives the defaults, which an older version reads too', async () => {
    await fakeBrowser.storage.local.set({ pushDefaults: OLD_DEFAULTS });
    const first = { ...presetFromDefaults(OLD_DEFAULTS), name: 'Onboarding', note: 'welcome' };
    await savePresets([first, VENDOR]);
    expect(await local('presets')).toEqual([first, VENDOR]);
    expect(await local('pushDefaults')).toEqual(OLD_DEFAULTS);
    // Moving Vendor first makes its options the defaults; its missing Pro expiry is the old one's.
    await savePresets([VENDOR, first]);
    const settings = await loadSettings();
    expect(settings.presets?.map((preset) => preset.id)).toEqual(['vendor', 'defaults']);
    expect(settings.defaults).toEqual({
      expireAfterDuration: OLD_DEFAULTS.expireAfterDuration,
      expireAfterDays: 2,
      expireAfterViews: 3,
      retrievalStep: true,
      deletableByViewer: false,
      passphrase: false,
    });
  });

  it('writes new defaults into the first preset, keeping its name, e-mails and note', async () => {
    const first = { ...presetFromDefaults(DEFAULT_PUSH_DEFAULTS), name: 'Mine', note: 'n' };
    await savePresets([first, VENDOR]);
    await saveSettings({ type: 'defaults', defaults: OLD_DEFAULTS });
    expect((await loadSettings()).presets).toEqual([{ ...first, ...OLD_DEFAULTS }, VENDOR]);
  });

  it('refuses at the boundary what is not a preset, and saves nothing', async () => {
    const cases: Array<[Preset, string]> = [
      [{ ...VENDOR, name: ' ' }, 'name'],
      [{ ...VENDOR, expireAfterViews: 101 }, 'expireAfterViews'],
      [{ ...VENDOR, expireAfterDays: undefined }, 'expireAfterDays'],
      [{ ...VENDOR, notifyEmails: 'a@example.com, not-an-address' }, 'notifyEmails'],
      [{ ...VENDOR, notifyEmails: 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io' }, 'notifyEmails'],
    ];
    for (const [bad, field] of cases) {
      const refused = (() => {
        try {
          validatePreset(bad);
        } catch (error) {
          return error;
        }
      })();
      expect(isAppError(refused) && refused.fields?.[field]).toBeTruthy();
      await expect(savePresets([presetFromDefaults(DEFAULT_PUSH_DEFAULTS), bad])).rejects.toSatisfy(
        isAppError,
      );
    }
    expect(await local('presets')).toBeUndefined();
    // The first (the defaults) may go without a name.
    expect(validatePreset(presetFromDefaults(DEFAULT_PUSH_DEFAULTS), true).name).toBe('');
  });

  it('refuses an empty list and a list with one id twice', async () => {
    await expect(saveSettings({ type: 'presets', presets: [] })).rejects.toSatisfy(isAppError);
    await expect(saveSettings({ type: 'presets', presets: [VENDOR, VENDOR] })).rejects.toSatisfy(isAppError);
    expect(await local('presets')).toBeUndefined();
  });
});

describe("an organization's presets and limits", () => {
  const managed = parsePolicy({
    defaults: { expireAfterViews: 2 },
    presets: [
      { name: 'Org 1 view', expireAfterDuration: 3, expireAfterViews: 1 },
      { name: 'Broken', expireAfterViews: 500 },
      { expireAfterViews: 1 },
    ],
    maxViews: 10,
    maxExpireDays: 30,
  });

  it('parses each preset on its own: a preset with a wrong value is left out whole, with a note', () => {
    expect(managed.policy.presets).toEqual([
      {
        id: 'policy-0',
        name: 'Org 1 view',
        expireAfterDuration: 3,
        expireAfterViews: 1,
        retrievalStep: DEFAULT_PUSH_DEFAULTS.retrievalStep,
        deletableByViewer: DEFAULT_PUSH_DEFAULTS.deletableByViewer,
        passphrase: DEFAULT_PUSH_DEFAULTS.passphrase,
        notifyEmails: '',
        note: '',
        locked: true,
      },
    ]);
    expect(managed.notes).toEqual([
      { key: 'presets[1].expireAfterViews', value: '500' },
      { key: 'presets[2].name', value: 'undefined' },
    ]);
    expect(managed.policy.maxViews).toBe(10);
    expect(managed.policy.maxExpireDays).toBe(30);
    expect(parsePolicy({ maxViews: 0, maxExpireDays: 91 }).notes.map((note) => note.key)).toEqual([
      'maxViews',
      'maxExpireDays',
    ]);
  });

  it("shows them locked after the user's first, which shows the organization's defaults", async () => {
    await savePresets([presetFromDefaults(OLD_DEFAULTS), VENDOR]);
    await setPolicy(managed);
    const settings = await loadSettings();
    expect(settings.presets?.map((preset) => [preset.id, preset.locked ?? false])).toEqual([
      ['defaults', false],
      ['policy-0', true],
      ['vendor', false],
    ]);
    expect(settings.presets?.[0]?.expireAfterViews).toBe(2);
    expect(settings.defaults.expireAfterViews).toBe(2);
  });

  it("never stores them, and keeps the user's own value where the organization sets one", async () => {
    await savePresets([presetFromDefaults(OLD_DEFAULTS), VENDOR]);
    await setPolicy(managed);
    // The options page saves the list as it shows it: the organization's in it, its value in the first.
    const shown = (await loadSettings()).presets!;
    await savePresets([...shown].reverse().reverse());
    expect(await local('presets')).toEqual([presetFromDefaults(OLD_DEFAULTS), VENDOR]);
    expect((await readSettings()).user.defaults.expireAfterViews).toBe(1);
  });
});
