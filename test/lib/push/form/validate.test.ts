import { describe, expect, it } from 'vitest';
import { fieldErrorsFrom422 } from '@/lib/push/form/server-errors';
import {
  charCount,
  splitEmails,
  validateCreateInput,
  type ValidationContext,
} from '@/lib/push/form/validate';
import type { CreatePushInput } from '@/lib/api';

const pro: ValidationContext = { edition: 'pro', signedIn: true };
const oss: ValidationContext = { edition: 'oss', signedIn: true };
const anonymous: ValidationContext = { edition: 'pro', signedIn: false };
const file = (name = 'a.txt') => ({ name, type: 'text/plain', data: new Blob(['x']) });

function errorsOf(input: CreatePushInput, context = pro) {
  return validateCreateInput({ kind: 'text', payload: 'secret', ...input }, context);
}

describe('validateCreateInput: payload', () => {
  it('accepts a plain text push', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each(['text', 'url', 'qr'] as const)('requires a payload for %s', (kind) => {
    expect(errorsOf({ kind, payload: '' }).payload).toHaveLength(1);
  });

  // The server's presence check treats a payload of only spaces and line breaks as missing.
  it.each(['text', 'url', 'qr'] as const)(
    'refuses a blank %s payload of only spaces and line breaks',
    (kind) => {
      expect(errorsOf({ kind, payload: '  \n ' }).payload).toHaveLength(1);
    },
  );

  it('allows text up to 1,048,576 characters', () => {
    expect(errorsOf({ payload: 'x'.repeat(1_048_576) })).toEqual({});
  });

  it('refuses text over 1,048,576 characters', () => {
    expect(errorsOf({ payload: 'x'.repeat(1_048_577) }).payload).toEqual([
      'The secret is too long: at most 1,048,576 characters.',
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(errorsOf({ kind: 'qr', payload: '😀'.repeat(1024) })).toEqual({});
    expect(charCount('a😀b')).toBe(3);
  });

  it('refuses QR text over 1,024 characters', () => {
    expect(errorsOf({ kind: 'qr', payload: 'x'.repeat(1025) }).payload).toHaveLength(1);
  });

  it.each(['https://example.com/x', 'http://10.0.0.1:8080/'])('accepts the link %s', (payload) => {
    expect(errorsOf({ kind: 'url', payload })).toEqual({});
  });

  it.each(['example.com', 'ftp://example.com/', 'javascript:alert(1)'])('refuses the link %s', (payload) => {
    expect(errorsOf({ kind: 'url', payload }).payload).toEqual([
      'Enter a link that starts with http:// or https://.',
    ]);
  });

  it('refuses an unknown kind', () => {
    expect(errorsOf({ kind: 'video' as never }).kind).toHaveLength(1);
  });
});

describe('validateCreateInput: files', () => {
  it('accepts 1 to 10 files with a token and no payload', () => {
    expect(
      errorsOf({ kind: 'file', payload: undefined, files: Array.from({ length: 10 }, () => file()) }),
    ).toEqual({});
  });

  it('refuses more than 10 files', () => {
    const files = Array.from({ length: 11 }, () => file());
    expect(errorsOf({ kind: 'file', files }).files).toEqual(['You can attach up to 10 files.']);
  });

  it('asks for at least one file', () => {
    expect(errorsOf({ kind: 'file', files: [] }).files).toEqual(['Attach at least one file.']);
  });

  it('needs a token for a file push', () => {
    expect(errorsOf({ kind: 'file', files: [file()] }, anonymous).files).toEqual(['Sign in to send files.']);
  });
});

describe('validateCreateInput: expiry', () => {
  it.each([0, 101, 2.5])('refuses %d views', (views) => {
    expect(errorsOf({ expire_after_views: views }).expire_after_views).toHaveLength(1);
  });

  it.each([1, 100])('accepts %d views', (views) => {
    expect(errorsOf({ expire_after_views: views })).toEqual({});
  });

  it.each([-1, 18])('refuses pro duration %d', (duration) => {
    expect(errorsOf({ expire_after_duration: duration }).expire_after_duration).toHaveLength(1);
  });

  it.each([0, 17])('accepts pro duration %d', (duration) => {
    expect(errorsOf({ expire_after_duration: duration })).toEqual({});
  });

  it.each([0, 91])('refuses %d days', (days) => {
    expect(errorsOf({ expire_after_days: days }, oss).expire_after_days).toHaveLength(1);
  });

  it.each([1, 90])('accepts %d days', (days) => {
    expect(errorsOf({ expire_after_days: days }, oss)).toEqual({});
  });
});

describe('validateCreateInput: notifications', () => {
  it('accepts up to 5 distinct addresses', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io, b@x.io,c@x.io,d@x.io,e@x.io' })).toEqual({});
  });

  it('refuses more than 5 addresses', () => {
    expect(
      errorsOf({ notify_emails_to: 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io' }).notify_emails_to,
    ).toEqual(['Enter at most 5 addresses.']);
  });

  it('names the invalid addresses', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io, nobody' }).notify_emails_to).toEqual([
      'Not an e-mail address: nobody.',
    ]);
  });

  it('names what no server takes: no "@", two "@", nothing on one side, spaces inside', () => {
    expect(errorsOf({ notify_emails_to: 'nobody, a@b@c.io, @x.io, a@, a b@x.io' }).notify_emails_to).toEqual([
      'Not an e-mail address: nobody, a@b@c.io, @x.io, a@, a b@x.io.',
    ]);
  });

  // Servers differ beyond that (a dot and a 2-letter top-level domain, IDN, IP literals): the client must
  // never refuse an address some server accepts, so those are left to the server's 422.
  it.each(['bob@example.c', 'root@localhost', 'anna@münchen.de', 'ops@[192.0.2.1]', "o'brien@x.io"])(
    'leaves %s to the server',
    (address) => {
      expect(errorsOf({ notify_emails_to: address })).toEqual({});
    },
  );

  it('names addresses given twice, ignoring case', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io, A@X.io' }).notify_emails_to).toEqual([
      'Listed more than once: A@X.io.',
    ]);
  });

  it('refuses empty entries between commas', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io,,b@x.io' }).notify_emails_to).toEqual([
      'Separate the addresses with single commas.',
    ]);
  });

  it('needs a token to notify', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io' }, anonymous).notify_emails_to).toEqual([
      'Sign in to send e-mail notifications.',
    ]);
  });

  it.each(['en', 'de', 'es', 'fr', 'it', 'nl'])('accepts the language %s', (locale) => {
    expect(errorsOf({ notify_emails_to: 'a@x.io', notify_emails_to_locale: locale })).toEqual({});
  });

  it('refuses another language', () => {
    expect(
      errorsOf({ notify_emails_to: 'a@x.io', notify_emails_to_locale: 'xx' }).notify_emails_to_locale,
    ).toHaveLength(1);
  });

  it('accepts authenticated recipients on pro with addresses', () => {
    expect(errorsOf({ notify_emails_to: 'a@x.io', authenticated_recipients: true })).toEqual({});
  });

  it('refuses authenticated recipients without addresses', () => {
    expect(errorsOf({ authenticated_recipients: true }).authenticated_recipients).toHaveLength(1);
  });

  it('refuses authenticated recipients on oss', () => {
    expect(
      errorsOf({ notify_emails_to: 'a@x.io', authenticated_recipients: true }, oss).authenticated_recipients,
    ).toEqual(['Authenticated recipients need a Pro server.']);
  });
});

describe('splitEmails', () => {
  it('trims each address and gives nothing for blank input', () => {
    expect(splitEmails(' a@x.io ,b@x.io ')).toEqual(['a@x.io', 'b@x.io']);
    expect(splitEmails('  ')).toEqual([]);
  });
});

describe('fieldErrorsFrom422', () => {
  it('keeps full messages on their field', () => {
    expect(fieldErrorsFrom422({ payload: ['Payload is required.'] })).toEqual({
      payload: ['Payload is required.'],
    });
  });

  it('puts the field name before a Rails fragment', () => {
    expect(fieldErrorsFrom422({ notify_emails_to: ['are not allowed for unknown users'] })).toEqual({
      notify_emails_to: ['Notify e-mails are not allowed for unknown users'],
    });
  });

  it('sends keys the form has no field for to base', () => {
    expect(
      fieldErrorsFrom422({ workspace_id: ['is invalid'], base: ['Notify by email feature is not enabled'] }),
    ).toEqual({ base: ['Workspace is invalid', 'Notify by email feature is not enabled'] });
  });

  it('reads push-prefixed keys', () => {
    expect(fieldErrorsFrom422({ 'push[files]': ['You can only attach up to 10 files per push.'] })).toEqual({
      files: ['You can only attach up to 10 files per push.'],
    });
  });

  it("moves either expiry key onto the edition's expiry field", () => {
    expect(fieldErrorsFrom422({ expire_after_days: ['is invalid'] }, 'pro')).toEqual({
      expire_after_duration: ['Expiry is invalid'],
    });
    expect(fieldErrorsFrom422({ expire_after_duration: ['is invalid'] }, 'oss')).toEqual({
      expire_after_days: ['Expiry is invalid'],
    });
  });
});
