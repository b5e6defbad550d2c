import { describe, expect, it } from 'vitest';
import { parsePolicy } from '@/lib/settings/policy-parse';
import { NO_POLICY, POLICY_NOTES_MAX } from '@/lib/settings';

describe('parsePolicy', () => {
  it.each([
    ['undefined (no managed storage)', undefined],
    ['null', null],
    ['a string', 'serverUrl'],
    ['an array', [1, 2]],
    ['an empty object', {}],
  ])('reads %s as no policy', (_, managed) => {
    expect(parsePolicy(managed)).toEqual(NO_POLICY);
  });

  it('keeps every valid key, the server address normalized', () => {
    const managed = {
      serverUrl: 'pwpush.example.com/',
      lockServer: true,
      allowDemoMode: false,
      tokenPlace: 'session',
      allowedKinds: ['text', 'url'],
      defaults: {
        expireAfterDuration: 3,
        expireAfterDays: 2,
        expireAfterViews: 1,
        retrievalStep: true,
        deletableByViewer: false,
        passphrase: true,
      },
      watchIntervalMinutes: 30,
    };
    expect(parsePolicy(managed)).toEqual({
      policy: { ...managed, serverUrl: 'https://pwpush.example.com' },
      notes: [],
    });
  });

  it.each([
    ['serverUrl', 'ftp://files.example.com'],
    ['serverUrl', 42],
    ['lockServer', 'yes'],
    ['allowDemoMode', 0],
    ['tokenPlace', 'cloud'],
    ['watchIntervalMinutes', 0],
    ['watchIntervalMinutes', 61],
    ['watchIntervalMinutes', 2.5],
    ['allowedKinds', 'text'],
    ['defaults', 'short'],
  ])('ignores %s = %j with a note, and keeps the others', (key, value) => {
    const { policy, notes } = parsePolicy({ lockServer: true, [key]: value });
    expect(notes).toEqual([{ key, value: JSON.stringify(value) }]);
    expect(policy).toEqual(key === 'lockServer' ? {} : { lockServer: true });
  });

  it('notes an unknown key (a typo) and ignores it', () => {
    expect(parsePolicy({ serverURL: 'https://a.example' })).toEqual({
      policy: {},
      notes: [{ key: 'serverURL', value: '"https://a.example"' }],
    });
  });

  it("notes a key named like an object's own property, as any unknown key, and does not throw", () => {
    expect(parsePolicy({ toString: 1, defaults: { constructor: 2 }, lockServer: true })).toEqual({
      policy: { lockServer: true },
      notes: [
        { key: 'toString', value: '1' },
        { key: 'defaults.constructor', value: '2' },
      ],
    });
  });

  it('checks each default on its own: a wrong one does not take the others down', () => {
    const { policy, notes } = parsePolicy({
      defaults: { expireAfterViews: 500, passphrase: true, expireAfterDuration: 18, color: 'red' },
    });
    expect(policy).toEqual({ defaults: { passphrase: true } });
    expect(notes).toEqual([
      { key: 'defaults.expireAfterViews', value: '500' },
      { key: 'defaults.expireAfterDuration', value: '18' },
      { key: 'defaults.color', value: '"red"' },
    ]);
  });

  it('drops defaults that hold nothing valid', () => {
    expect(parsePolicy({ defaults: { passphrase: 'yes' } }).policy).toEqual({});
  });

  it('keeps the valid kinds of a list, once each, and notes the others by position', () => {
    const { policy, notes } = parsePolicy({ allowedKinds: ['text', 'files', 'text', 'qr', 7] });
    expect(policy).toEqual({ allowedKinds: ['text', 'qr'] });
    expect(notes).toEqual([
      { key: 'allowedKinds[1]', value: '"files"' },
      { key: 'allowedKinds[4]', value: '7' },
    ]);
  });

  it('ignores an empty list of kinds with a note: nothing to push is a mistake, not a ban', () => {
    expect(parsePolicy({ allowedKinds: [] })).toEqual({
      policy: {},
      notes: [{ key: 'allowedKinds', value: '[]' }],
    });
  });

  it('quotes a long value cut short', () => {
    const [note] = parsePolicy({ serverUrl: `https://${'a'.repeat(100)}.example/?q` }).notes;
    expect(note?.value).toHaveLength(60);
    expect(note?.value.endsWith('…')).toBe(true);
  });

  it('keeps the first notes word for word and counts the rest, the valid values still applied', () => {
    const kinds = ['text', ...Array.from({ length: POLICY_NOTES_MAX + 5 }, (_, i) => `kind-${i}`)];
    const { policy, notes, notesLeftOff } = parsePolicy({ allowedKinds: kinds, lockServer: 'yes' });
    expect(policy).toEqual({ allowedKinds: ['text'] });
    expect(notes).toHaveLength(POLICY_NOTES_MAX);
    expect(notes[0]).toEqual({ key: 'allowedKinds[1]', value: '"kind-0"' });
    expect(notesLeftOff).toBe(6);
  });

  it('counts no extra notes when all of them fit', () => {
    expect(parsePolicy({ lockServer: 'yes' })).not.toHaveProperty('notesLeftOff');
  });

  it('keeps the first 20 notes of a policy with 10,000 invalid keys, counts the rest, and applies its valid values', () => {
    const managed: Record<string, unknown> = { lockServer: true };
    for (let i = 0; i < 10_000; i += 1) managed[`typo${i}`] = i;
    managed.allowDemoMode = false;
    const { policy, notes, notesLeftOff } = parsePolicy(managed);
    expect(policy).toEqual({ lockServer: true, allowDemoMode: false });
    expect(notes).toHaveLength(20);
    expect(notes[0]).toEqual({ key: 'typo0', value: '0' });
    expect(notes[19]).toEqual({ key: 'typo19', value: '19' });
    expect(notesLeftOff).toBe(9_980);
    // What the background stores stays small, whatever the administrator wrote.
    expect(JSON.stringify({ policy, notes, notesLeftOff }).length).toBeLessThan(1_000);
  });

  it('counts the bad kinds and defaults of a long list among the notes it leaves off', () => {
    const { policy, notes, notesLeftOff } = parsePolicy({
      allowedKinds: ['url', ...Array.from({ length: 30 }, (_, i) => `kind${i}`)],
      defaults: {
        passphrase: true,
        ...Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`x${i}`, i])),
      },
    });
    expect(policy).toEqual({ allowedKinds: ['url'], defaults: { passphrase: true } });
    expect(notes).toHaveLength(20);
    expect(notesLeftOff).toBe(15);
  });

  it('writes no count when every note is kept', () => {
    expect(parsePolicy({ a: 1, b: 2 })).not.toHaveProperty('notesLeftOff');
  });

  it('quotes a long key cut short', () => {
    const [note] = parsePolicy({ ['k'.repeat(100_000)]: true }).notes;
    expect(note?.key).toHaveLength(60);
    expect(note?.key.endsWith('…')).toBe(true);
  });
});
