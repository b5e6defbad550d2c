import { describe, expect, it } from 'vitest';
import { formReducer, pendingForm, type FormInit } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

const init: FormInit = {
  defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterViews: 3, passphrase: true },
  edition: 'oss',
  signedIn: true,
  passphrase: 'from-settings',
};

describe('the create form before the settings are read', () => {
  it('keeps the secret typed meanwhile and takes the rest from the settings', () => {
    const typed = formReducer(pendingForm(), { type: 'payload', value: 'typed early' });
    const settled = formReducer(typed, { type: 'settings', init });
    expect(settled).toMatchObject({ payload: 'typed early', edition: 'oss', signedIn: true, kind: 'text' });
    expect(settled.options).toMatchObject({ expireAfterViews: 3, passphrase: 'from-settings' });
    expect(settled.pending).toBeUndefined();
  });

  it('keeps an option changed meanwhile over the saved default', () => {
    const changed = formReducer(pendingForm(), {
      type: 'options',
      patch: { expireAfterViews: 7, passphrase: 'mine' },
    });
    const settled = formReducer(changed, { type: 'settings', init });
    expect(settled.options).toMatchObject({ expireAfterViews: 7, passphrase: 'mine' });
  });

  it('sends nothing while pending, and a submit made then goes once when the settings arrive', () => {
    let state = formReducer(pendingForm(), { type: 'payload', value: 's3cret' });
    state = formReducer(state, { type: 'submit' });
    state = formReducer(state, { type: 'submit' });
    expect(state).toMatchObject({ status: 'idle', submission: 0 });
    state = formReducer(state, { type: 'settings', init });
    expect(state).toMatchObject({ status: 'sending', submission: 1, payload: 's3cret' });
    // The settings again (or anything else) do not make a second create.
    state = formReducer(state, { type: 'settings', init });
    state = formReducer(state, { type: 'submit' });
    expect(state.submission).toBe(1);
  });

  it('a queued submit that fails validation shows the errors, and sends nothing', () => {
    const queued = formReducer(pendingForm(), { type: 'submit' });
    const settled = formReducer(queued, { type: 'settings', init });
    expect(settled).toMatchObject({ status: 'idle', submission: 0 });
    expect(settled.errors.payload).toBeDefined();
  });

  it('moves to the first kind the policy allows when text is not one of them, never keeping a barred kind', () => {
    const typed = formReducer(pendingForm(), { type: 'payload', value: 'typed' });
    const settled = formReducer(typed, { type: 'settings', init: { ...init, kinds: ['url', 'file'] } });
    expect(settled).toMatchObject({ kind: 'url', kinds: ['url', 'file'] });
    const onQr = formReducer(pendingForm(), { type: 'kind', kind: 'qr' });
    expect(formReducer(onQr, { type: 'settings', init: { ...init, kinds: ['file', 'qr'] } }).kind).toBe('qr');
    expect(formReducer(onQr, { type: 'settings', init: { ...init, kinds: ['url'] } }).kind).toBe('url');
  });

  it('a reset while pending stays pending', () => {
    const reset = formReducer(formReducer(pendingForm(), { type: 'payload', value: 'x' }), { type: 'reset' });
    expect(reset).toMatchObject({ pending: true, payload: '' });
    expect(formReducer(reset, { type: 'submit' }).status).toBe('idle');
  });

  it('offers only the Secret field until the settings say which kinds the policy allows', () => {
    expect(pendingForm().kinds).toEqual(['text']);
    const settled = formReducer(pendingForm(), { type: 'settings', init });
    expect(settled.kinds).toBeUndefined(); // no policy: every kind
    const managed = formReducer(pendingForm(), { type: 'settings', init: { ...init, kinds: ['url', 'qr'] } });
    expect(managed).toMatchObject({ kind: 'url', kinds: ['url', 'qr'] });
  });
});
