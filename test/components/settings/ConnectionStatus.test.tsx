import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionStatus } from '@/components/settings/ConnectionStatus';
import type { ConnectionReport } from '@/lib/connection/check';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const REPORT: ConnectionReport = {
  baseUrl: 'http://127.0.0.1:8787',
  edition: 'oss',
  applicationVersion: '2.11.4',
  apiVersion: '2.1',
  token: 'accepted',
};

describe('ConnectionStatus', () => {
  it('lists the server, edition with versions and the token verdict', () => {
    render(<ConnectionStatus status={{ kind: 'done', message: 'The connection works.', report: REPORT }} />);
    // Shown, not a status region created with its text: the options page says the result through #sp-live.
    expect(screen.queryByRole('status')).toBeNull();
    expect([...document.querySelectorAll('.status li')].map((li) => li.textContent)).toEqual([
      'Server: 127.0.0.1:8787',
      'Edition: Open-source edition, version 2.11.4 (API 2.1)',
      'Token accepted',
    ]);
  });

  it('says when there is no token', () => {
    render(
      <ConnectionStatus status={{ kind: 'done', message: 'ok', report: { ...REPORT, token: 'none' } }} />,
    );
    expect(screen.getByText('No token: anonymous pushes only')).toBeTruthy();
  });

  it('shows a failure as an alert', () => {
    render(<ConnectionStatus status={{ kind: 'error', message: 'Not saved: nope' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Not saved: nope');
  });
});
