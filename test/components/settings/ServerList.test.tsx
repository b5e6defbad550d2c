import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerRow } from '@/components/settings/ServerItem';
import { ServerList } from '@/components/settings/ServerList';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const SERVERS: ServerRow[] = [
  { url: 'https://pwpush.com', isDefault: true, tokenPlace: 'device' },
  { url: 'https://push.example.org', isDefault: false, tokenPlace: 'session' },
];

function setup() {
  const props = { onEdit: vi.fn(), onAdd: vi.fn(), onMakeDefault: vi.fn(), onRemove: vi.fn() };
  render(<ServerList servers={SERVERS} editing="https://pwpush.com" busy={false} {...props} />);
  return props;
}

const removeButton = () => screen.getByRole('button', { name: 'Remove push.example.org' });

describe('ServerList: removing a server', () => {
  it('asks first, in the row, saying what is forgotten and that the pushes stay on the server', () => {
    const { onRemove } = setup();
    fireEvent.click(removeButton());
    expect(onRemove).not.toHaveBeenCalled();
    const question = screen.getByRole('group', { name: /^Remove push\.example\.org\?/ });
    expect(question.textContent).toContain('The pushes themselves stay on the server.');
    // Only the asked row changes; the safe answer takes the focus, so a second Enter keeps the server.
    expect(screen.getByRole('button', { name: 'Keep it' })).toBe(document.activeElement);
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
  });

  it('removes once when confirmed', () => {
    const { onRemove } = setup();
    fireEvent.click(removeButton());
    fireEvent.click(screen.getByRole('button', { name: 'Remove server' }));
    expect(onRemove).toHaveBeenCalledExactlyOnceWith('https://push.example.org');
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('keeps the server on "Keep it" or Escape, with the focus back on its Remove button', async () => {
    const { onRemove } = setup();
    fireEvent.click(removeButton());
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('group')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(removeButton()));

    fireEvent.click(removeButton());
    fireEvent.keyDown(screen.getByRole('button', { name: 'Remove server' }), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(onRemove).not.toHaveBeenCalled();
  });
});
