import { describe, expect, it } from 'vitest';
import { chatAppAt, guardFor, guarded } from '@/lib/chat-guard';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

const slack = chatAppAt('app.slack.com');
const off = { ...DEFAULT_PUSH_DEFAULTS, retrievalStep: false, expireAfterViews: 1 };

describe('guardFor', () => {
  it('guards a push made from a chat app’s tab while the guard is on', () => {
    expect(guardFor('https://app.slack.com/client/T1', { chatGuard: true })?.id).toBe('slack');
    expect(guardFor('https://mail.google.com/mail/u/0/#inbox', { chatGuard: true })?.id).toBe('gmail');
  });

  it('guards nothing once the setting turns the guard off', () => {
    expect(guardFor('https://app.slack.com/client/T1', { chatGuard: false })).toBeUndefined();
  });

  it.each(['https://intranet.example/wiki', 'chrome://newtab/', undefined])(
    'guards nothing from %s',
    (url) => {
      expect(guardFor(url, { chatGuard: true })).toBeUndefined();
    },
  );
});

describe('guarded', () => {
  it('turns the retrieval step on, and nothing else, for a push from a chat app', () => {
    expect(guarded(off, slack)).toEqual({ options: { ...off, retrievalStep: true }, turnedOn: true });
    expect(off.retrievalStep).toBe(false); // the options given are left as they were
  });

  it('changes nothing, and has nothing to say, when the step is on already', () => {
    const on = { ...off, retrievalStep: true };
    expect(guarded(on, slack)).toEqual({ options: on, turnedOn: false });
  });

  it('changes nothing without an app (another tab, or the guard off)', () => {
    expect(guarded(off, undefined)).toEqual({ options: off, turnedOn: false });
    expect(guarded(off, guardFor('https://app.slack.com/', { chatGuard: false }))).toEqual({
      options: off,
      turnedOn: false,
    });
  });

  it('applies on top of any options shape that has the step (the form’s, the defaults, a preset)', () => {
    const form = { retrievalStep: false, note: 'vendor key', expireAfterDays: 2 };
    expect(guarded(form, slack).options).toEqual({ ...form, retrievalStep: true });
  });
});
