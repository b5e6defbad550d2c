import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityList, SHORT_ACTIVITY } from '@/components/dashboard/ActivityList';
import type { WatchEvent } from '@/lib/watch/types';
import { pushHash } from '@/lib/watch/view';
import { NOW } from './tracked-push';

afterEach(cleanup);

const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const event = (i: number): WatchEvent => ({
  id: `e${i}`,
  server: 'https://push.example',
  url_token: `t${i}`,
  kind: 'viewed',
  at: new Date(NOW - (i + 2) * 60_000).toISOString(),
  seen: true,
});

describe('ActivityList', () => {
  it('shows the last few events and the rest on request', () => {
    const events = Array.from({ length: 8 }, (_, i) => event(i));
    render(<ActivityList events={events} titles={{ t0: 'Door code' }} now={NOW} />);
    const list = () =>
      within(screen.getByRole('region', { name: 'Recent activity' })).getAllByRole('listitem');
    expect(list()).toHaveLength(SHORT_ACTIVITY);
    const more = screen.getByRole('button', { name: 'Show all 8' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(list()).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(list()).toHaveLength(SHORT_ACTIVITY);
  });

  it('says when as people say it, with the exact time on hover', () => {
    render(<ActivityList events={[event(0)]} titles={{ t0: 'Door code' }} now={NOW} />);
    const time = screen.getByText('2 minutes ago');
    expect(time.getAttribute('datetime')).toBe(event(0).at);
    expect(time.getAttribute('title')).toMatch(/2026/);
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull();
  });

  it("links every line's push to its own address, which opens that push's row (lib/watch/push-address.ts)", () => {
    const events = [event(0), { ...event(1), kind: 'failed_passphrase' as const }];
    render(<ActivityList events={events} titles={{ t0: 'Door code', t1: 'Payroll login' }} now={NOW} />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Door code', 'Payroll login']);
    // Each event's own push's address, from the one builder of addresses (never a URL made here).
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      pushHash({ server: 'https://push.example', url_token: 't0' }),
      pushHash({ server: 'https://push.example', url_token: 't1' }),
    ]);
    expect(new Set(links.map((link) => link.getAttribute('href'))).size).toBe(2);
    expect(links[1]!.closest('li')!.textContent).toContain('Payroll login — Wrong passphrase entered');
  });

  it('names the push of a failed attempt, says what failed and on which device, never the IP address', () => {
    const events: WatchEvent[] = [
      { ...event(0), kind: 'failed_passphrase', ip: '203.0.113.66', user_agent: SAFARI_IOS },
      { ...event(1), kind: 'failed_view', ip: '198.51.100.7' },
    ];
    render(<ActivityList events={events} titles={{ t0: 'Payroll login', t1: 'Door code' }} now={NOW} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.textContent).toContain('Payroll login — Wrong passphrase entered — Safari on iOS');
    expect(second!.textContent).toContain('Door code — Opened after it expired');
    // The IP address stays in the push's audit log (AuditTimeline), not in a line anyone glancing can read.
    for (const line of [first!, second!]) expect(line.textContent).not.toMatch(/203\.0|198\.51|from/);
  });

  it('switches the notifications of failed attempts', () => {
    const changes: boolean[] = [];
    const failedAlerts = { on: true, onChange: (on: boolean) => changes.push(on) };
    render(<ActivityList events={[]} titles={{}} now={NOW} failedAlerts={failedAlerts} />);
    const box = screen.getByRole('checkbox', {
      name: 'Notify me of wrong passphrases and attempts on expired pushes',
    }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(changes).toEqual([false]);
  });
});
