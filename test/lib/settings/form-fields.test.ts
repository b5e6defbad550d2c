/**
 * The options form's fields as a person types into them (lib/settings/form.ts typeFields): a token belongs
 * to the origin it was saved or typed for, so it never follows the fields to another origin.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_DEFAULTS,
  editServer,
  fieldsChanged,
  SELF_HOSTED,
  settingsOf,
  typeFields,
  type ServerFieldsValue,
  type ServerForm,
  type Settings,
} from '@/lib/settings';

const A = 'https://a.example.com/secrets';

/** The settings with one saved self-hosted server at A, with `token` (null: none) bound to A's origin. */
function savedWith(token: string | null): Settings {
  return settingsOf({
    list: { servers: [{ kind: 'self-hosted', url: A, tokenPlace: 'device' }], defaultUrl: A },
    device: token ? { [A]: { value: token, origin: 'https://a.example.com' } } : {},
    session: {},
    demoMode: false,
    defaults: DEFAULT_PUSH_DEFAULTS,
    demoToken: null,
  });
}

const SAVED = savedWith('saved-token');

/** Types `patches` into the form of the saved server, one after the other. */
function type(settings: Settings, ...patches: Array<Partial<ServerFieldsValue>>): ServerForm {
  return patches.reduce((form, patch) => typeFields(form, patch, settings), editServer(settings, A));
}

describe('typeFields', () => {
  it('starts from the saved server, its token in the field', () => {
    expect(editServer(SAVED, A).fields).toEqual({
      choice: SELF_HOSTED,
      customUrl: A,
      token: 'saved-token',
      tokenPlace: 'device',
    });
  });

  it.each([
    ['another self-hosted origin', { customUrl: 'https://b.example.com' }],
    ['another port', { customUrl: 'https://a.example.com:8443' }],
    ['a hosted server', { choice: 'https://eu.pwpush.com' }],
  ])('empties the saved token when the fields move to %s', (_name, patch) => {
    expect(type(SAVED, patch).fields.token).toBe('');
  });

  // Changed with lib/settings: while the address is not valid it names no origin, so the field waits; the
  // token is emptied as soon as the address names another origin (it was emptied at once before).
  it('keeps the token while the address is not valid yet, and empties it once it names another origin', () => {
    expect(type(SAVED, { customUrl: 'https://' }).fields.token).toBe('saved-token');
    expect(type(SAVED, { customUrl: 'https://' }, { customUrl: 'https://b.example.com' }).fields.token).toBe(
      '',
    );
    expect(type(SAVED, { customUrl: 'https://' }, { customUrl: 'https://a.example.com' }).fields.token).toBe(
      'saved-token',
    );
  });

  it('keeps the token when only the path changes (same origin)', () => {
    expect(type(SAVED, { customUrl: 'https://a.example.com' }).fields.token).toBe('saved-token');
  });

  it('gives the saved token back when an empty field returns to its origin', () => {
    const back = type(SAVED, { customUrl: 'https://b.example.com' }, { customUrl: 'https://a.example.com' });
    expect(back.fields.token).toBe('saved-token');
  });

  it('keeps a token the user typed for the new server', () => {
    const form = type(
      SAVED,
      { customUrl: 'https://b.example.com' },
      { token: 'typed-for-b' },
      { customUrl: 'https://b.example.com/x' },
    );
    expect(form.fields.token).toBe('typed-for-b');
  });

  it('does not follow a token typed for one server to another', () => {
    const form = type(
      SAVED,
      { customUrl: 'https://b.example.com' },
      { token: 'typed-for-b' },
      { customUrl: 'https://c.example.com' },
    );
    expect(form.fields.token).toBe('');
  });

  it('does not touch a cleared field at the same origin, nor a token typed where none was saved', () => {
    expect(type(SAVED, { token: '' }).fields.token).toBe('');
    const none = savedWith(null);
    const form = type(none, { token: 'typed' });
    expect(form.fields.token).toBe('typed');
    expect(typeFields(form, { customUrl: 'https://a.example.com' }, none).fields.token).toBe('typed');
  });

  // Changed with lib/settings: a token typed where none was saved moved with the fields to any origin; now
  // it belongs to the first origin the fields name, typed before or after it.
  it('binds a token typed into a new server before its address to the first origin then named', () => {
    const none = savedWith(null);
    let form = editServer(none, null);
    for (const patch of [{ token: 'typed' }, { choice: SELF_HOSTED }, { customUrl: 'https://b.example.com' }])
      form = typeFields(form, patch, none);
    expect(form.fields.token).toBe('typed');
    expect(typeFields(form, { customUrl: 'https://c.example.com' }, none).fields.token).toBe('');
  });

  // Issue 40 (the model-based test): version 1 kept a token saved for a server the person then changed,
  // migrated bound to where it was saved. Shown in the other server's fields, a click on Test connection
  // sent it there once a policy's lock had dropped the saved copy that assertTokenFor refuses it by.
  it("shows no token bound to another origin in a server's fields, and gives it back at its own origin", () => {
    const B = 'https://b.example.com';
    const stray = settingsOf({
      list: { servers: [{ kind: 'self-hosted', url: B, tokenPlace: 'device' }], defaultUrl: B },
      device: { [B]: { value: 'saved-for-a', origin: 'https://a.example.com' } },
      session: {},
      demoMode: false,
      defaults: DEFAULT_PUSH_DEFAULTS,
      demoToken: null,
    });
    const form = editServer(stray, B);
    expect(form.fields.token).toBe('');
    expect(form.tokenFor).toBeUndefined();
    // Nothing typed yet: the fields are the saved server's, so its token place still applies at once.
    expect(fieldsChanged(form, stray)).toBe(false);
    expect(typeFields(form, { customUrl: 'https://a.example.com' }, stray).fields.token).toBe('saved-for-a');
  });
});
