import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KindTabs } from '@/components/push/KindTabs';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

describe('KindTabs', () => {
  it('lets only the selected tab take focus and points every tab at the panel', () => {
    render(<KindTabs kind="url" panelId="panel" onChange={() => {}} />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1, -1]);
    expect(screen.getAllByRole('tab').every((t) => t.getAttribute('aria-controls') === 'panel')).toBe(true);
  });

  it.each([
    ['ArrowLeft', 'text', 'file'],
    ['ArrowRight', 'file', 'text'],
    ['Home', 'qr', 'text'],
    ['End', 'url', 'file'],
  ] as const)('%s from %s selects %s', (key, from, to) => {
    const onChange = vi.fn();
    render(<KindTabs kind={from} panelId="panel" onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key });
    expect(onChange).toHaveBeenCalledWith(to);
  });

  it('selects a kind on click', () => {
    const onChange = vi.fn();
    render(<KindTabs kind="text" panelId="panel" onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'QR code' }));
    expect(onChange).toHaveBeenCalledWith('qr');
  });

  it('offers only the kinds given (an organization may allow fewer), arrows moving among them', () => {
    const onChange = vi.fn();
    render(<KindTabs kind="url" kinds={['url', 'file']} panelId="panel" onChange={onChange} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['URL', 'Files']);
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowRight' });
    expect(onChange).toHaveBeenCalledWith('file');
  });
});
