import { describe, expect, it } from 'vitest';
import { auditEntrySchema, isGone, pushSchema, retrievedPushSchema, versionSchema } from '@/lib/api';

// The oss create response asserted by the real server's tests (reference §4.1).
const OSS_CREATE = {
  expire_after_views: 5,
  expired: false,
  url_token: 'fkwjfvhall92',
  deletable_by_viewer: true,
  retrieval_step: true,
  expired_on: null,
  passphrase: '',
  created_at: '2026-08-21T10:00:00.000Z',
  updated_at: '2026-08-21T10:00:00.000Z',
  expire_after_days: 7,
  days_remaining: 7,
  views_remaining: 5,
  deleted: false,
  json_url: 'https://pwpush.example/p/fkwjfvhall92/r.json',
  html_url: 'https://pwpush.example/p/fkwjfvhall92/r',
  note: '',
  name: '',
};

const PRO_CREATE = {
  ...OSS_CREATE,
  passphrase: null,
  account_id: 'ws_1',
  expire_after_duration: 12,
  expires_at: '2026-08-28T10:00:00.000Z',
  expires_in: 604800,
  notify_emails_to: null,
};

describe('schemas', () => {
  it('accepts the oss and the pro create view', () => {
    expect(pushSchema.safeParse(OSS_CREATE).success).toBe(true);
    expect(pushSchema.parse(PRO_CREATE)).toEqual(PRO_CREATE);
  });

  it('accepts an oss url push with deletable_by_viewer null, and strips unknown keys', () => {
    const parsed = pushSchema.parse({ ...OSS_CREATE, deletable_by_viewer: null, views_total: 3 });
    expect(parsed.deletable_by_viewer).toBeNull();
    expect(parsed).not.toHaveProperty('views_total');
  });

  it('rejects a token outside [a-z0-9_-] and a missing required field', () => {
    expect(pushSchema.safeParse({ ...OSS_CREATE, url_token: '../x' }).success).toBe(false);
    const { html_url: _omit, ...withoutUrl } = OSS_CREATE;
    expect(pushSchema.safeParse(withoutUrl).success).toBe(false);
  });

  it('reads a retrieved push with files', () => {
    const { name: _n, note: _o, ...show } = OSS_CREATE;
    const files = [{ filename: 'a.txt', content_type: 'text/plain', url: 'https://pwpush.example/d/x' }];
    expect(retrievedPushSchema.parse({ ...show, payload: null, files }).files).toEqual(files);
  });

  it('accepts audit kinds it does not know yet, and a null referrer', () => {
    const entry = {
      kind: 'admin_view',
      ip: '1.2.3.4',
      user_agent: 'x',
      referrer: null,
      created_at: 't',
      updated_at: 't',
    };
    expect(auditEntrySchema.parse(entry).kind).toBe('admin_view');
  });

  it('reads the oss version body', () => {
    const body = {
      application_version: '2.11.4',
      api_version: '2.1',
      edition: 'oss',
      features: { accounts: { enabled: false } },
    };
    expect(versionSchema.parse(body)).toEqual(body);
  });
});

describe('isGone', () => {
  it('is true for an expired or deleted push and false for the last successful view', () => {
    expect(isGone({ expired: true, deleted: false })).toBe(true);
    expect(isGone({ expired: true, deleted: true })).toBe(true);
    expect(isGone({ expired: false, deleted: false })).toBe(false);
  });
});
