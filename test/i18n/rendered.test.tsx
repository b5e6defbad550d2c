/**
 * The wiring beyond English: the dashboard, the viewer and the watcher's notifications render their words
 * from another locale's messages.json, with numbers, dates and relative times written that language's way.
 * Expected numbers come from Intl and dates from lib/format with the locale named here, so the test follows
 * the platform's ICU data and fails if a page formats in the browser's default locale instead.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityList } from '@/components/dashboard/ActivityList';
import { PushItem } from '@/components/dashboard/PushItem';
import { SelectionBar } from '@/components/dashboard/SelectionBar';
import { DeleteSecret } from '@/components/viewer/DeleteSecret';
import { ExpiryNote } from '@/components/viewer/ExpiryNote';
import { SecretContent } from '@/components/viewer/SecretContent';
import { formatDateTime } from '@/lib/format/time';
import { resetTranslator } from '@/lib/i18n';
import { eventMessage, notificationsFor } from '@/lib/watch/background/notify';
import type { WatchEvent } from '@/lib/watch/types';
import { NOW, trackedPush } from '../components/dashboard/tracked-push';
import { getMessageFrom, readMessages } from './messages';

afterEach(cleanup);

/** The browser speaks `locale` from here on (test/setup.ts puts English back before each test). */
function speak(locale: string) {
  fakeBrowser.i18n.getMessage = getMessageFrom(readMessages(locale)) as typeof fakeBrowser.i18n.getMessage;
  resetTranslator();
}

const ENTRY = { ip: '203.0.113.4', user_agent: 'curl/8', referrer: null, updated_at: '2026-01-01T11:30:00Z' };

describe('the dashboard in Arabic', () => {
  it('shows the row and its details in Arabic words with Arabic numbers and dates', async () => {
    speak('ar');
    const number = new Intl.NumberFormat('ar');
    const audit = {
      state: 'shown' as const,
      entries: [{ kind: 'view', created_at: '2026-01-01T11:30:00Z', ...ENTRY }],
    };
    render(
      <PushItem
        push={trackedPush()}
        now={NOW}
        selected={false}
        audit={audit}
        canAudit
        hasToken
        renderQr={vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>')}
        actions={{ select: vi.fn(), toggleAudit: vi.fn(), copyLink: vi.fn(), open: vi.fn(), expire: vi.fn() }}
      />,
    );
    const row = within(screen.getByRole('article'));
    expect(row.getByText('نشطة')).toBeTruthy();
    // 3 of 5: five takes the "few" form of the noun, digits are Arabic-Indic where ICU writes them so.
    expect(row.getByText(`تتبقى ${number.format(3)} من ${number.format(5)} مشاهدات`)).toBeTruthy();
    const inADay = new Intl.RelativeTimeFormat('ar', { numeric: 'always' }).format(1, 'day');
    expect(row.getByText(inADay).closest('span')?.textContent).toBe(`تنتهي ${inADay}`);
    // Read with the push's name after the visible words (issue 37).
    expect(row.getByRole('button', { name: /^نسخ الرابط: / }).textContent!.trim()).toBe('نسخ الرابط');

    fireEvent.click(row.getByRole('button', { name: /^التفاصيل: / }));
    // The details are an on-demand part (components/dashboard/parts.ts): the row opens once it has arrived.
    expect(await row.findByText('نص')).toBeTruthy();
    expect(row.getByRole('button', { name: 'إخفاء سجل التدقيق' })).toBeTruthy();
    const table = within(row.getByRole('table'));
    expect(table.getByRole('columnheader', { name: 'وكيل المستخدم' })).toBeTruthy();
    expect(table.getByText('المشاهدة')).toBeTruthy();
    const at = formatDateTime('2026-01-01T11:30:00Z', 'ar');
    expect(table.getByText(at)).toBeTruthy();
  });

  it('counts with the plural forms Arabic has', () => {
    speak('ar');
    const { rerender } = render(
      <SelectionBar selected={2} shown={12} busy={false} onSelectAll={vi.fn()} onExpireSelected={vi.fn()} />,
    );
    expect(screen.getByText('مشاركتان محددتان')).toBeTruthy();
    rerender(
      <SelectionBar selected={11} shown={12} busy={false} onSelectAll={vi.fn()} onExpireSelected={vi.fn()} />,
    );
    expect(screen.getByText(`${new Intl.NumberFormat('ar').format(11)} مشاركةً محددة`)).toBeTruthy();
  });
});

describe('the dashboard in French', () => {
  it('lists an event’s details with a comma, never "et" between unrelated facts', () => {
    speak('fr');
    const event: WatchEvent = {
      id: 'e1',
      server: 'https://push.example',
      url_token: 'abc123def456',
      kind: 'viewed',
      at: '2026-01-01T11:30:00Z',
      seen: true,
      views_left: 2,
      ip: '203.0.113.4',
      user_agent: 'curl/8',
    };
    render(<ActivityList events={[event]} titles={{ abc123def456: 'Code' }} now={NOW} />);
    // The device, never the IP address (issue 37: that stays in the audit log).
    expect(screen.getByText('— 2 consultations restantes, curl')).toBeTruthy();
  });
});

describe('the viewer in Japanese', () => {
  it('shows the revealed secret, its actions and its expiry in Japanese', () => {
    speak('ja');
    render(
      <>
        <SecretContent
          payload="hunter2"
          files={[{ filename: 'report.pdf', content_type: 'application/pdf' }]}
          copied={false}
          onCopy={vi.fn()}
          onDownload={vi.fn()}
        />
        <ExpiryNote facts={{ views_remaining: 2, expires_at: '2026-01-07T12:00:00Z' }} now={NOW} />
        <DeleteSecret onDelete={vi.fn()} />
      </>,
    );
    expect(screen.getByRole('heading', { name: '秘密情報' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'コピー' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'report.pdf をダウンロード' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'ファイル' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'この秘密情報を削除' }));
    expect(screen.getByText('この秘密情報を全員に対して削除しますか？')).toBeTruthy();
    // The sentence is Japanese around the time; the exact instant on hover is written the Japanese way.
    const note = screen.getByText(
      (_, node) => node?.tagName === 'P' && /^遅くとも.+に期限が切れます。$/.test(node.textContent ?? ''),
    );
    const exact = formatDateTime('2026-01-07T12:00:00Z', 'ja');
    expect(note.querySelector('time')?.getAttribute('title')).toBe(exact);
  });
});

describe('the watcher’s notifications in German', () => {
  const event = (over: Partial<WatchEvent> = {}): WatchEvent => ({
    id: 'e1',
    server: 'https://push.example',
    url_token: 'abc123def456',
    kind: 'viewed',
    at: '2026-01-01T11:30:00Z',
    seen: false,
    ...over,
  });

  it('says what happened in German', () => {
    speak('de');
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
    expect(
      eventMessage(event({ ip: '203.0.113.4', user_agent: firefox, views_left: 2 }), trackedPush()),
    ).toBe('Aufgerufen mit Firefox unter Linux — 2 von 5 Aufrufen übrig');
    expect(eventMessage(event({ kind: 'expired', reason: 'time' }))).toBe('Abgelaufen – die Zeit ist um');
  });

  it('sums up the rest with a German plural and German digit grouping', () => {
    speak('de');
    const events = Array.from({ length: 1240 }, (_, i) => event({ id: `e${i}` }));
    const texts = notificationsFor(events, [trackedPush()]);
    expect(texts.at(-1)).toMatchObject({
      title: 'Secret Push',
      message: '1.236 weitere Änderungen an Ihren Pushes',
    });
  });
});
