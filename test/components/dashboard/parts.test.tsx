/**
 * The dashboard's parts loaded on demand (components/dashboard/parts.ts), in a page that has not loaded them
 * yet: a row opens its details once they have arrived, never empty first; a row the page's address names
 * loads them as it renders; warmParts loads them all ahead of their first use.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_DIALOG, PUSH_DETAILS, warmParts } from '@/components/dashboard/parts';
import { PushItem, type PushItemProps } from '@/components/dashboard/PushItem';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);

function props(overrides: Partial<PushItemProps> = {}): PushItemProps {
  return {
    push: trackedPush(),
    now: NOW,
    selected: false,
    audit: { state: 'hidden' },
    canAudit: true,
    renderQr: vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    hasToken: true,
    actions: { select: vi.fn(), toggleAudit: vi.fn(), copyLink: vi.fn(), open: vi.fn(), expire: vi.fn() },
    ...overrides,
  };
}

// In this order: the first tests run before anything has loaded the parts.
describe('the dashboard parts loaded on demand', () => {
  it('opens a row once its details have arrived, not before', async () => {
    expect(PUSH_DETAILS.loaded()).toBeUndefined();
    render(<PushItem {...props()} />);
    const toggle = screen.getByRole('button', { name: /^Details/ });
    fireEvent.click(toggle);
    // Asked for, not there yet: the row stays closed rather than open and empty.
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const facts = await screen.findByRole('list', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(facts).getByText('Text')).toBeTruthy();
  });

  it('loads them all ahead of their first use (warmParts)', async () => {
    expect(OPEN_DIALOG.loaded()).toBeUndefined();
    warmParts();
    expect(await OPEN_DIALOG.load()).toBe(OPEN_DIALOG.loaded());
    expect(PUSH_DETAILS.loaded()).toBeDefined();
  });
});
