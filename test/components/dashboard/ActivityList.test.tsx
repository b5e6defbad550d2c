import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ActivityList, SHORT_ACTIVITY } from '@/components/dashboard/ActivityList';
import type { WatchEvent } from '@/lib/watch/types';
import { NOW } from './tracked-push';

afterEach(cleanup);

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

  it('names the push of a failed attempt and says what failed', () => {
    const events: WatchEvent[] = [
      { ...event(0), kind: 'failed_passphrase', ip: '203.0.113.66' },
      { ...event(1), kind: 'failed_view' },
    ];
    render(<ActivityList events={events} titles={{ t0: 'Payroll login', t1: 'Door code' }} now={NOW} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.textContent).toContain('Payroll login — Wrong passphrase entered — from 203.0.113.66');
    expect(second!.textContent).toContain('Door code — Opened after it expired');
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
