import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NO_CHOICE,
  SELF_HOSTED,
  ServerFields,
  type ServerFieldsValue,
} from '@/components/settings/ServerFields';
import { HOSTED_SERVERS } from '@/lib/settings';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const VALUE: ServerFieldsValue = { choice: SELF_HOSTED, customUrl: '', token: '', tokenPlace: 'device' };

function setup(
  value: Partial<ServerFieldsValue> = {},
  extra: { tokenPageUrl?: string; serverUrl?: string } = {},
) {
  const onChange = vi.fn();
  render(
    <ServerFields
      value={{ ...VALUE, ...value }}
      hosted={HOSTED_SERVERS}
      tokenPageUrl={extra.tokenPageUrl}
      errors={{ serverUrl: extra.serverUrl }}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('ServerFields', () => {
  it('offers the four hosted servers and self-hosted', () => {
    setup();
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([...HOSTED_SERVERS.map((s) => s.label), 'Self-hosted…']);
  });

  it('offers a "Choose a server" placeholder while nothing is chosen', () => {
    setup({ choice: NO_CHOICE });
    expect(screen.getByRole('combobox', { name: 'Server' })).toHaveProperty('value', NO_CHOICE);
    expect(screen.getByRole('option', { name: 'Choose a server…' })).toBeTruthy();
  });

  it('names its group "Connection", so "Server" names only the select', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Connection' })).toBeTruthy();
    expect(screen.getAllByText('Server', { exact: true })).toHaveLength(1);
  });

  it('shows the Server URL field only for a self-hosted server', () => {
    setup({ choice: HOSTED_SERVERS[1]!.url });
    expect(screen.queryByLabelText('Server URL')).toBeNull();
  });

  it('reports what is typed in Server URL and API token', () => {
    const onChange = setup();
    fireEvent.input(screen.getByLabelText('Server URL'), { target: { value: 'https://x.example' } });
    fireEvent.input(screen.getByLabelText('API token'), { target: { value: 'tok' } });
    expect(onChange.mock.calls).toEqual([[{ customUrl: 'https://x.example' }], [{ token: 'tok' }]]);
  });

  it('shows the address error next to the field and marks it invalid', () => {
    setup({}, { serverUrl: 'Use https://.' });
    const field = screen.getByLabelText('Server URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Use https://.',
    );
  });

  it('switches where the token is kept', () => {
    const onChange = setup();
    fireEvent.click(screen.getByLabelText('This browser session only'));
    expect(onChange).toHaveBeenCalledWith({ tokenPlace: 'session' });
  });

  it('links to the token page when the address is valid', () => {
    setup({}, { tokenPageUrl: 'https://x.example/users/token' });
    expect(screen.getByRole('link', { name: 'Find your token on the server' }).getAttribute('href')).toBe(
      'https://x.example/users/token',
    );
  });

  it('has no token link without a valid address', () => {
    setup();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
