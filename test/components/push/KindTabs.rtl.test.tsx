import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KindTabs } from '@/components/push/KindTabs';

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('dir');
});

describe('KindTabs right to left', () => {
  it.each([
    ['ArrowLeft', 'text', 'url'],
    ['ArrowLeft', 'file', 'text'],
    ['ArrowRight', 'url', 'text'],
    ['ArrowRight', 'text', 'file'],
  ] as const)('%s from %s selects %s, as the tabs run from the right', (key, from, to) => {
    document.documentElement.dir = 'rtl';
    const onChange = vi.fn();
    render(<KindTabs kind={from} panelId="panel" onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key });
    expect(onChange).toHaveBeenCalledWith(to);
  });

  it('keeps Left as the previous tab when the page is left to right', () => {
    document.documentElement.dir = 'ltr';
    const onChange = vi.fn();
    render(<KindTabs kind="url" panelId="panel" onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenCalledWith('text');
  });
});
