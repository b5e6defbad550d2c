import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenDialog } from '@/components/dashboard/OpenDialog';
import { openWarning } from '@/lib/push';
import { trackedPush } from './tracked-push';

afterEach(cleanup);

describe('openWarning', () => {
  it.each([
    [{ views_remaining: 3 }, 'Opening the page shows the secret and uses one of the 3 views left.'],
    [{ views_remaining: 1 }, 'uses its last view: the recipient will find it expired.'],
    [{ retrieval_step: true }, 'The page asks before it shows the secret; revealing it there uses one of'],
    [{ source: 'local' as const }, 'uses one of its views (up to 5 views).'],
  ])('says what opening %j costs', (overrides, words) => {
    expect(openWarning(trackedPush(overrides), { previewOffered: true })).toContain(words);
  });
});

describe('OpenDialog', () => {
  it('asks before opening, and says it uses a view', () => {
    const onConfirm = vi.fn();
    render(
      <OpenDialog push={trackedPush({ views_remaining: 1 })} onConfirm={onConfirm} onCancel={vi.fn()} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Open the page of Wi-Fi password?' });
    expect(dialog.textContent).toContain('uses its last view');
    fireEvent.click(screen.getByRole('button', { name: 'Open and use a view' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('only says why when the link may not be opened', () => {
    render(
      <OpenDialog push={trackedPush()} problem="Not a web address." onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByRole('alertdialog').textContent).toContain('Not a web address.');
    expect(screen.queryByRole('button', { name: /^Open/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
