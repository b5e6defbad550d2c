import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuditEntry } from '@/lib/api';
import {
  auditCsv,
  auditJson,
  csvWarningLine,
  exportFileName,
  liveLinksWarning,
  pushesCsv,
  pushesJson,
} from '@/lib/export';
import { resetTranslator } from '@/lib/i18n';
import { NOW, trackedPush } from '../../components/dashboard/tracked-push';
import { getMessageFrom, readMessages } from '../../i18n/messages';

/**
 * A minimal RFC 4180 reader, enough to check what a spreadsheet would see: after the live-links warning line
 * every export starts with (checked here, and on its own below).
 */
function parseCsv(file: string): string[][] {
  expect(file.startsWith(csvWarningLine())).toBe(true);
  const text = file.slice(csvWarningLine().length);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  kind: 'view',
  ip: '203.0.113.7',
  user_agent: 'Recipient/1.0',
  referrer: null,
  created_at: '2026-01-01T11:45:00Z',
  updated_at: '2026-01-01T11:45:00Z',
  ...overrides,
});

describe('pushesCsv', () => {
  it('writes one row per push under a header, with the state in words', () => {
    const rows = parseCsv(
      pushesCsv(
        [trackedPush(), trackedPush({ url_token: 'zzz', name: 'Old', views_remaining: 0, expired: true })],
        NOW,
      ),
    );
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    const col = (row: string[], name: string) => row[header.indexOf(name)];
    expect(header).toContain('html_url');
    expect(col(rows[1]!, 'name')).toBe('Wi-Fi password');
    expect(col(rows[1]!, 'status')).toBe('Active');
    expect(col(rows[1]!, 'views_remaining')).toBe('3');
    expect(col(rows[2]!, 'status')).toBe('Expired: no views left');
  });

  it('keeps a note with commas, quotes and line breaks in one field', () => {
    const note = 'line one, "quoted"\nline two';
    const rows = parseCsv(pushesCsv([trackedPush({ note })], NOW));
    expect(rows[1]![rows[0]!.indexOf('note')]).toBe(note);
  });

  it('neutralises a name a spreadsheet would run as a formula', () => {
    const rows = parseCsv(pushesCsv([trackedPush({ name: '=cmd|" /C calc"!A0' })], NOW));
    expect(rows[1]![rows[0]!.indexOf('name')]).toBe('\'=cmd|" /C calc"!A0');
  });

  it('leaves the view count empty for a push tracked by time only', () => {
    const rows = parseCsv(pushesCsv([trackedPush({ source: 'local' })], NOW));
    expect(rows[1]![rows[0]!.indexOf('views_remaining')]).toBe('');
    expect(rows[1]![rows[0]!.indexOf('tracked_by')]).toBe('time only');
  });

  it('never writes a field the cache does not list, such as a passphrase or payload', () => {
    const leaky = { ...trackedPush(), passphrase: 'open-sesame', payload: 'the secret' };
    const text = pushesCsv([leaky], NOW) + pushesJson([leaky], NOW);
    expect(text).not.toContain('open-sesame');
    expect(text).not.toContain('the secret');
  });
});

describe('pushesJson', () => {
  it('lists the pushes with the export time', () => {
    const document = JSON.parse(pushesJson([trackedPush()], NOW));
    expect(document.exported_at).toBe('2026-01-01T12:00:00.000Z');
    expect(document.pushes).toEqual([
      expect.objectContaining({
        name: 'Wi-Fi password',
        url_token: 'abc123def456',
        status: 'Active',
        views_remaining: 3,
        has_passphrase: false,
      }),
    ]);
  });
});

describe('audit exports', () => {
  const audits = [
    {
      push: trackedPush(),
      entries: [entry(), entry({ kind: 'failed_passphrase', user_agent: '-dangerous', referrer: '@x' })],
    },
    { push: trackedPush({ url_token: 'other', name: 'Other' }), entries: [] },
  ];

  it('writes one CSV row per audit entry, naming its push', () => {
    const rows = parseCsv(auditCsv(audits));
    expect(rows).toEqual([
      ['push_name', 'url_token', 'time', 'kind', 'ip', 'user_agent', 'referrer'],
      ['Wi-Fi password', 'abc123def456', '2026-01-01T11:45:00Z', 'view', '203.0.113.7', 'Recipient/1.0', ''],
      [
        'Wi-Fi password',
        'abc123def456',
        '2026-01-01T11:45:00Z',
        'failed_passphrase',
        '203.0.113.7',
        "'-dangerous",
        "'@x",
      ],
    ]);
  });

  it('groups the JSON by push, keeping pushes with an empty log', () => {
    const document = JSON.parse(auditJson(audits, NOW));
    expect(document.audit).toHaveLength(2);
    expect(document.audit[0].entries[0]).toEqual({
      time: '2026-01-01T11:45:00Z',
      kind: 'view',
      ip: '203.0.113.7',
      user_agent: 'Recipient/1.0',
      referrer: null,
    });
    expect(document.audit[1]).toMatchObject({ url_token: 'other', entries: [] });
  });
});

describe('the live-links warning', () => {
  const audits = [{ push: trackedPush(), entries: [entry()] }];

  it.each([
    ['pushesCsv', () => pushesCsv([trackedPush()], NOW)],
    ['auditCsv', () => auditCsv(audits)],
  ])('opens %s with a comment line that says the file holds live links', (_name, build) => {
    const [first] = build().split('\r\n');
    expect(first).toBe(`# ${liveLinksWarning()}`);
    expect(first).toMatch(/live links/);
    expect(first).not.toMatch(/[",]/); // one plain field for a spreadsheet
  });

  it.each([
    ['pushesJson', () => pushesJson([trackedPush()], NOW)],
    ['auditJson', () => auditJson(audits, NOW)],
  ])('gives %s a warning field first', (_name, build) => {
    const document = JSON.parse(build());
    expect(Object.keys(document)[0]).toBe('warning');
    expect(document.warning).toMatch(/live links to secrets/);
  });

  it('speaks the UI language, and stays one field when the translation holds commas', () => {
    fakeBrowser.i18n.getMessage = getMessageFrom(readMessages('de')) as typeof fakeBrowser.i18n.getMessage;
    resetTranslator();
    const warning = liveLinksWarning();
    expect(warning).toMatch(/^Exportierte Dateien .*,/);
    const file = pushesCsv([trackedPush()], NOW);
    // Quoted as RFC 4180 says, so a spreadsheet shows the whole sentence in the first cell.
    expect(file.split('\r\n')[0]).toBe(`"# ${warning}"`);
    // The data after it stays the stable English of every export.
    expect(parseCsv(file)[1]![3]).toBe('Active');
  });
});

describe('exportFileName', () => {
  it('names the file by content, date and format', () => {
    expect(exportFileName('audit', 'json', NOW)).toBe('secret-push-audit-2026-01-01.json');
  });
});
