/**
 * lib/presets' pure core (issue 39 §1): the first preset, whether a preset fits a server's edition, a token
 * and the organization's limits, and the options it then gives; a preset that does not fit is never
 * changed to fit.
 */
import { describe, expect, it } from 'vitest';
import {
  daysForDuration,
  durationForDays,
  firstPreset,
  presetById,
  presetFit,
  presetName,
  presetsOf,
} from '@/lib/presets';
import { DEFAULT_PUSH_DEFAULTS, presetFromDefaults, type Preset } from '@/lib/settings';

const preset = (patch: Partial<Preset>): Preset => ({
  id: 'p',
  name: 'Onboarding',
  expireAfterViews: 1,
  retrievalStep: true,
  deletableByViewer: false,
  passphrase: true,
  notifyEmails: '',
  note: '',
  ...patch,
});

describe('the presets in force', () => {
  it('are the defaults alone when a copy of the settings has none', () => {
    const settings = { defaults: DEFAULT_PUSH_DEFAULTS };
    expect(presetsOf(settings)).toEqual([presetFromDefaults(DEFAULT_PUSH_DEFAULTS)]);
    expect(firstPreset(settings).id).toBe('defaults');
    expect(presetName(firstPreset(settings))).toBe('Defaults');
  });

  it('find a preset by id, and the first for an id no longer there', () => {
    const vendor = preset({ id: 'vendor', name: 'Vendor', expireAfterDays: 2 });
    const settings = {
      defaults: DEFAULT_PUSH_DEFAULTS,
      presets: [presetFromDefaults(DEFAULT_PUSH_DEFAULTS), vendor],
    };
    expect(presetById(settings, 'vendor')).toBe(vendor);
    expect(presetById(settings, 'gone').id).toBe('defaults');
    expect(presetById(settings).id).toBe('defaults');
  });
});

describe('exact equals between the editions', () => {
  it('maps days to the Pro duration of exactly that length, and no other', () => {
    expect(durationForDays(1)).toBe(6);
    expect(durationForDays(7)).toBe(12);
    expect(durationForDays(14)).toBe(13);
    expect(durationForDays(90)).toBe(17);
    expect(durationForDays(10)).toBeUndefined();
  });

  it('maps a Pro duration to whole days only when it is whole days', () => {
    expect(daysForDuration(6)).toBe(1);
    expect(daysForDuration(16)).toBe(60);
    expect(daysForDuration(0)).toBeUndefined(); // 15 minutes
    expect(daysForDuration(5)).toBeUndefined(); // 12 hours
  });
});

describe('presetFit', () => {
  const signedIn = true;

  it('gives a Pro preset its duration on Pro, and its days where they are exact on open source', () => {
    const week = preset({ expireAfterDuration: 12 });
    expect(presetFit(week, { edition: 'pro', signedIn })).toEqual({
      ok: true,
      options: {
        expireAfterDuration: 12,
        expireAfterViews: 1,
        retrievalStep: true,
        deletableByViewer: false,
        passphrase: true,
        notifyEmails: '',
        note: '',
      },
    });
    const fit = presetFit(week, { edition: 'oss', signedIn });
    expect(fit.ok && fit.options.expireAfterDays).toBe(7);
    expect(fit.ok && fit.options.expireAfterDuration).toBeUndefined();
  });

  it('shows what a server cannot honour instead of changing it', () => {
    expect(presetFit(preset({ expireAfterDuration: 0 }), { edition: 'oss', signedIn })).toEqual({
      ok: false,
      problem: 'edition',
    });
    expect(presetFit(preset({ expireAfterDays: 10 }), { edition: 'pro', signedIn })).toEqual({
      ok: false,
      problem: 'edition',
    });
    // The same presets where they do fit.
    expect(presetFit(preset({ expireAfterDuration: 0 }), { edition: 'pro', signedIn }).ok).toBe(true);
    expect(presetFit(preset({ expireAfterDays: 10 }), { edition: 'oss', signedIn }).ok).toBe(true);
  });

  it('sends what it has while the edition is not known yet', () => {
    const fit = presetFit(preset({ expireAfterDays: 10 }), { signedIn });
    expect(fit.ok && fit.options).toMatchObject({ expireAfterDays: 10 });
    expect(fit.ok && 'expireAfterDuration' in fit.options).toBe(false);
  });

  it('refuses values outside what any server takes', () => {
    expect(presetFit(preset({ expireAfterDays: 91 }), { edition: 'oss', signedIn }).ok).toBe(false);
    expect(presetFit(preset({ expireAfterDays: 3, expireAfterViews: 0 }), { signedIn })).toEqual({
      ok: false,
      problem: 'range',
    });
  });

  it('needs a token for notification e-mails', () => {
    const mails = preset({ expireAfterDays: 3, notifyEmails: 'it@example.com' });
    expect(presetFit(mails, { edition: 'oss', signedIn: false })).toEqual({ ok: false, problem: 'signIn' });
    const fit = presetFit(mails, { edition: 'oss', signedIn: true });
    expect(fit.ok && fit.options.notifyEmails).toBe('it@example.com');
  });

  it("is bounded by the organization's most views and longest expiry", () => {
    const policy = { maxViews: 3, maxExpireDays: 7 };
    expect(
      presetFit(preset({ expireAfterDuration: 12, expireAfterViews: 4 }), {
        edition: 'pro',
        signedIn,
        policy,
      }),
    ).toEqual({
      ok: false,
      problem: 'views',
    });
    expect(presetFit(preset({ expireAfterDuration: 13 }), { edition: 'pro', signedIn, policy })).toEqual({
      ok: false,
      problem: 'expiry',
    });
    expect(presetFit(preset({ expireAfterDays: 8 }), { edition: 'oss', signedIn, policy })).toEqual({
      ok: false,
      problem: 'expiry',
    });
    expect(
      presetFit(preset({ expireAfterDuration: 12, expireAfterViews: 3 }), {
        edition: 'pro',
        signedIn,
        policy,
      }).ok,
    ).toBe(true);
  });

  it('bounds the first preset by the expiry its edition would send', () => {
    // The defaults keep both forms: on open source 7 days count, not the Pro duration of 3 months.
    const first = {
      ...presetFromDefaults(DEFAULT_PUSH_DEFAULTS),
      expireAfterDuration: 17,
      expireAfterDays: 7,
    };
    expect(presetFit(first, { edition: 'oss', signedIn, policy: { maxExpireDays: 7 } }).ok).toBe(true);
    expect(presetFit(first, { edition: 'pro', signedIn, policy: { maxExpireDays: 7 } }).ok).toBe(false);
  });
});
