import { describe, expect, it } from 'vitest';
import { formReducer, initForm, toCreateInput, type FormAction, type FormState } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

const fresh = (edition: 'pro' | 'oss' = 'pro', signedIn = true) =>
  initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition, signedIn });
const run = (state: FormState, ...actions: FormAction[]) => actions.reduce(formReducer, state);
const file = (name: string) => ({ name, size: 3, type: 'text/plain', data: new Blob(['abc']) });

describe('initForm', () => {
  it('starts from the saved defaults', () => {
    const state = initForm({
      defaults: {
        ...DEFAULT_PUSH_DEFAULTS,
        expireAfterDuration: 3,
        expireAfterViews: 9,
        retrievalStep: false,
      },
      edition: 'pro',
      signedIn: false,
    });
    expect(state.options).toMatchObject({
      expireAfterDuration: 3,
      expireAfterViews: 9,
      retrievalStep: false,
    });
    expect(state.status).toBe('idle');
  });

  it('clamps defaults that are out of range', () => {
    const state = initForm({
      defaults: { ...DEFAULT_PUSH_DEFAULTS, expireAfterDays: 400, expireAfterViews: 0 },
      edition: 'oss',
      signedIn: false,
    });
    expect(state.options).toMatchObject({ expireAfterDays: 90, expireAfterViews: 1 });
  });

  it('takes a generated passphrase when given one', () => {
    const state = initForm({
      defaults: DEFAULT_PUSH_DEFAULTS,
      edition: 'pro',
      signedIn: true,
      passphrase: 'p-q',
    });
    expect(state.options.passphrase).toBe('p-q');
  });
});

describe('formReducer: submit', () => {
  it('starts sending a valid form and counts the submission', () => {
    const state = run(fresh(), { type: 'payload', value: 's3cret' }, { type: 'submit' });
    expect(state.status).toBe('sending');
    expect(state.submission).toBe(1);
  });

  it('ignores a second submit while sending, so nothing is sent twice', () => {
    const sending = run(fresh(), { type: 'payload', value: 's3cret' }, { type: 'submit' });
    expect(formReducer(sending, { type: 'submit' })).toBe(sending);
  });

  it('ignores edits while sending', () => {
    const sending = run(fresh(), { type: 'payload', value: 's3cret' }, { type: 'submit' });
    expect(formReducer(sending, { type: 'payload', value: 'other' })).toBe(sending);
  });

  it('ignores a submit after a successful send', () => {
    const done = run(fresh(), { type: 'payload', value: 's3cret' }, { type: 'submit' }, { type: 'sent' });
    expect(done.status).toBe('done');
    expect(formReducer(done, { type: 'submit' })).toBe(done);
  });

  it('does not send an invalid form and shows the field errors', () => {
    const state = run(fresh(), { type: 'submit' });
    expect(state.status).toBe('idle');
    expect(state.submission).toBe(0);
    expect(state.errors.payload).toEqual(['Enter the secret.']);
  });

  it('keeps every entered value when the send fails', () => {
    const filled = run(
      fresh(),
      { type: 'payload', value: 's3cret' },
      { type: 'options', patch: { passphrase: 'open sesame', name: 'db', expireAfterViews: 2 } },
    );
    const failed = run(
      filled,
      { type: 'submit' },
      { type: 'failed', error: { code: 'network', message: 'down' } },
    );
    expect(failed.status).toBe('failed');
    expect(failed.failure).toEqual({ code: 'network', message: 'down' });
    expect(failed.payload).toBe('s3cret');
    expect(failed.options).toEqual(filled.options);
  });

  it('shows a server 422 next to the fields', () => {
    const failed = run(
      fresh(),
      { type: 'payload', value: 's3cret' },
      { type: 'submit' },
      {
        type: 'failed',
        error: { code: 'validation', message: 'x', fields: { expire_after_views: ['is invalid'] } },
      },
    );
    expect(failed.errors).toEqual({ expire_after_views: ['Views is invalid'] });
  });

  it('allows a new submit after a failure', () => {
    const retried = run(
      fresh(),
      { type: 'payload', value: 's3cret' },
      { type: 'submit' },
      { type: 'failed', error: { code: 'network', message: 'down' } },
      { type: 'submit' },
    );
    expect(retried.status).toBe('sending');
    expect(retried.submission).toBe(2);
  });

  it('ignores a late answer when nothing is being sent', () => {
    const idle = fresh();
    expect(formReducer(idle, { type: 'sent' })).toBe(idle);
    expect(formReducer(idle, { type: 'failed', error: { code: 'network', message: 'x' } })).toBe(idle);
  });

  it('checks the Wi-Fi fields of a Wi-Fi QR code', () => {
    const state = run(
      fresh(),
      { type: 'kind', kind: 'qr' },
      { type: 'qrSource', source: 'wifi' },
      { type: 'submit' },
    );
    expect(state.errors.payload).toEqual(['Enter the network name.', 'Enter the Wi-Fi password.']);
  });
});

describe('formReducer: edits', () => {
  it('clears the errors of the field that changed', () => {
    const state = run(fresh(), { type: 'submit' }, { type: 'payload', value: 'x' });
    expect(state.errors.payload).toBeUndefined();
  });

  it('keeps each kind’s value when switching tabs', () => {
    const state = run(
      fresh(),
      { type: 'payload', value: 'text secret' },
      { type: 'kind', kind: 'url' },
      { type: 'url', value: 'https://a.example' },
      { type: 'kind', kind: 'text' },
    );
    expect(state.payload).toBe('text secret');
    expect(state.url).toBe('https://a.example');
  });

  it('adds files with their names and sizes and removes one by id', () => {
    const added = run(fresh(), { type: 'addFiles', files: [file('a.txt'), file('b.txt')] });
    expect(added.files.map((f) => [f.name, f.size])).toEqual([
      ['a.txt', 3],
      ['b.txt', 3],
    ]);
    const removed = formReducer(added, { type: 'removeFile', id: added.files[0]!.id });
    expect(removed.files.map((f) => f.name)).toEqual(['b.txt']);
  });

  it('keeps at most 10 files and names the ones left out', () => {
    const names = Array.from({ length: 12 }, (_, i) => `f${i}.txt`);
    const state = run(fresh(), { type: 'addFiles', files: names.map(file) });
    expect(state.files).toHaveLength(10);
    expect(state.errors.files).toEqual(['Up to 10 files can be attached; left out: f10.txt, f11.txt.']);
  });

  it('resets to the defaults with a new passphrase', () => {
    const state = run(
      fresh(),
      { type: 'payload', value: 'x' },
      { type: 'options', patch: { name: 'n' } },
      { type: 'reset', passphrase: 'new-one' },
    );
    expect(state.payload).toBe('');
    expect(state.options.name).toBe('');
    expect(state.options.passphrase).toBe('new-one');
  });
});

describe('toCreateInput', () => {
  it('sends the pro duration on pro', () => {
    const input = toCreateInput(run(fresh('pro'), { type: 'payload', value: 's' }));
    expect(input).toMatchObject({
      kind: 'text',
      payload: 's',
      expire_after_duration: 12,
      expire_after_views: 5,
    });
    expect(input.expire_after_days).toBeUndefined();
  });

  it('sends days on oss', () => {
    const input = toCreateInput(run(fresh('oss'), { type: 'payload', value: 's' }));
    expect(input.expire_after_days).toBe(7);
    expect(input.expire_after_duration).toBeUndefined();
  });

  it('sends the booleans explicitly, since the server defaults them to true', () => {
    const state = run(fresh(), {
      type: 'options',
      patch: { deletableByViewer: false, retrievalStep: false },
    });
    expect(toCreateInput(state)).toMatchObject({ deletable_by_viewer: false, retrieval_step: false });
  });

  it('leaves out an empty passphrase, name and note', () => {
    const input = toCreateInput(fresh());
    expect(input).not.toHaveProperty('passphrase');
    expect(input).not.toHaveProperty('name');
    expect(input).not.toHaveProperty('note');
  });

  it('trims the link of a url push', () => {
    const state = run(
      fresh(),
      { type: 'kind', kind: 'url' },
      { type: 'url', value: ' https://a.example/x ' },
    );
    expect(toCreateInput(state)).toMatchObject({ kind: 'url', payload: 'https://a.example/x' });
  });

  it('builds the Wi-Fi text of a Wi-Fi QR code', () => {
    const state = run(
      fresh(),
      { type: 'kind', kind: 'qr' },
      { type: 'qrSource', source: 'wifi' },
      { type: 'wifi', patch: { ssid: 'Home', password: 'pw' } },
    );
    expect(toCreateInput(state).payload).toBe('WIFI:T:WPA;S:Home;P:pw;;');
  });

  it('sends the files of a file push without a payload', () => {
    const state = run(fresh(), { type: 'kind', kind: 'file' }, { type: 'addFiles', files: [file('a.txt')] });
    const input = toCreateInput(state);
    expect(input.payload).toBeUndefined();
    expect(input.files).toEqual([{ name: 'a.txt', type: 'text/plain', data: state.files[0]!.data }]);
  });

  it('normalises the address list and sends its language with it', () => {
    const state = run(fresh(), {
      type: 'options',
      patch: {
        notifyEmailsTo: ' a@x.io , b@x.io',
        notifyEmailsToLocale: 'de',
        authenticatedRecipients: true,
      },
    });
    expect(toCreateInput(state)).toMatchObject({
      notify_emails_to: 'a@x.io,b@x.io',
      notify_emails_to_locale: 'de',
      authenticated_recipients: true,
    });
  });

  it('writes the e-mails in the UI language the server offers, by default, and again after a reset', () => {
    const german = initForm({
      defaults: DEFAULT_PUSH_DEFAULTS,
      edition: 'pro',
      signedIn: true,
      emailLocale: 'de',
    });
    expect(german.options.notifyEmailsToLocale).toBe('de');
    const sent = run(german, { type: 'options', patch: { notifyEmailsTo: 'a@x.io' } });
    expect(toCreateInput(sent).notify_emails_to_locale).toBe('de');
    const again = run(sent, { type: 'options', patch: { notifyEmailsToLocale: 'fr' } }, { type: 'reset' });
    expect(again.options.notifyEmailsToLocale).toBe('de');
  });

  it('keeps English, the server’s own default, when the server has no e-mails in the UI language', () => {
    expect(fresh().options.notifyEmailsToLocale).toBe('en');
  });

  it('sends no language without addresses', () => {
    expect(toCreateInput(fresh())).not.toHaveProperty('notify_emails_to_locale');
  });
});
