import { describe, expect, it } from 'vitest';
import { formHasInput, initForm, type FormState } from '@/lib/push/form';
import { DEFAULT_PUSH_DEFAULTS } from '@/lib/settings';

const fresh = (): FormState => initForm({ defaults: DEFAULT_PUSH_DEFAULTS, edition: 'pro', signedIn: true });

describe('formHasInput', () => {
  it('is false for a fresh form, even with a generated passphrase', () => {
    const state = fresh();
    expect(formHasInput({ ...state, options: { ...state.options, passphrase: 'maple-orbit' } })).toBe(false);
  });

  it.each<[string, (s: FormState) => FormState]>([
    ['a text secret', (s) => ({ ...s, payload: 'x' })],
    ['a URL', (s) => ({ ...s, url: 'https://a.example' })],
    ['a QR text', (s) => ({ ...s, qrText: 'x' })],
    ['a network name', (s) => ({ ...s, wifi: { ...s.wifi, ssid: 'guests' } })],
    ['a file', (s) => ({ ...s, files: [{ id: 1, name: 'a', size: 1, type: '', data: new Blob(['a']) }] })],
    ['a name', (s) => ({ ...s, options: { ...s.options, name: 'VPN' } })],
    ['a note', (s) => ({ ...s, options: { ...s.options, note: 'for Sam' } })],
  ])('is true with %s', (_name, fill) => {
    expect(formHasInput(fill(fresh()))).toBe(true);
  });
});
