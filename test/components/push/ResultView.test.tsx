import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultView, type ResultViewProps } from '@/components/push/ResultView';

// Vitest runs without globals here, so Testing Library cannot unmount on its own.
afterEach(cleanup);

const URL_ = 'https://push.example/p/abc123';

function props(overrides: Partial<ResultViewProps> = {}): ResultViewProps {
  return {
    url: URL_,
    expiry: 'Expires in 1 week or after 5 views, whichever comes first.',
    renderQr: vi.fn(async () => '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>'),
    viewsLeft: 1,
    retrievalStep: false,
    onCopyLink: vi.fn(),
    onOpen: vi.fn(),
    onCopyMessage: vi.fn(),
    onCopyPassphrase: vi.fn(),
    onDownloadPng: vi.fn(),
    onDownloadSvg: vi.fn(),
    ...overrides,
  };
}

describe('ResultView', () => {
  it('shows the link in an element named "Secret link"', () => {
    render(<ResultView {...props()} />);
    // Issue 11: the whole link as text that wraps, no longer an <input> that scrolls.
    expect(screen.getByRole('textbox', { name: 'Secret link' }).textContent).toBe(URL_);
  });

  it('takes the focus, so the result is what is read out next', () => {
    render(<ResultView {...props()} />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Secret link' }));
  });

  it('"Copy link" reads "Copied" after a click, then "Copy link" again', () => {
    vi.useFakeTimers();
    try {
      const p = props();
      render(<ResultView {...p} />);
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
      expect(p.onCopyLink).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(2000);
      });
      expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the passphrase only after its eye toggle is pressed', () => {
    render(<ResultView {...props({ passphrase: 'open-sesame' })} />);
    expect(screen.queryByText('open-sesame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show passphrase' }));
    expect(screen.getByText('open-sesame')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide passphrase' }));
    expect(screen.queryByText('open-sesame')).toBeNull();
  });

  it('previews what the recipient will see, step by step, without opening anything or repeating the link or the expiry', () => {
    const p = props({ expiry: 'Expires in 1 week.', passphrase: 'open-sesame', retrievalStep: true });
    render(<ResultView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'What the recipient gets' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'The recipient opens the link on push.example.',
      'They need the passphrase, which you send separately.',
      'The recipient clicks once more to see it, so link previews use no view.',
      'Then the secret is shown, and that uses a view.',
    ]);
    expect(preview.textContent).toContain('This preview uses no view.');
    expect(preview.textContent).not.toContain(URL_);
    expect(preview.textContent).not.toContain('Expires in 1 week.');
    expect(preview.textContent).not.toContain('open-sesame');
    expect(p.onOpen).not.toHaveBeenCalled();
  });

  it('is no second copy of the QR code: the preview draws none, shown or hidden', () => {
    render(<ResultView {...props()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'What the recipient gets' });
    expect(within(preview).queryByRole('img')).toBeNull();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'The recipient opens the link on push.example.',
      'Then the secret is shown, and that uses a view.',
    ]);
  });

  it.each([
    // The dashboard's words (lib/push/open-warning.ts): one warning for both, never "one of the 1 view left".
    [
      1,
      false,
      'Opening the page shows the secret and uses its last view: the recipient will find it expired.',
    ],
    [3, false, 'Opening the page shows the secret and uses one of the 3 views left.'],
    [3, true, 'The page asks before it shows the secret; revealing it there uses one of the 3 views left.'],
  ])(
    'opens the real page only after saying what it costs (%i views, reveal step %s)',
    (views, step, words) => {
      const p = props({ viewsLeft: views, retrievalStep: step });
      render(<ResultView {...p} />);
      fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
      fireEvent.click(screen.getByRole('button', { name: 'Open the page…' }));
      expect(p.onOpen).not.toHaveBeenCalled();
      expect(screen.getByRole('group', { name: words })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Open and use a view' }));
      expect(p.onOpen).toHaveBeenCalledTimes(1);
    },
  );

  it('describes the link with its expiry', () => {
    render(<ResultView {...props()} />);
    expect(screen.getByRole('textbox', { name: 'Secret link' }).getAttribute('aria-describedby')).toBe(
      'sp-link-expiry',
    );
    expect(document.getElementById('sp-link-expiry')!.textContent).toBe(
      'Expires in 1 week or after 5 views, whichever comes first.',
    );
  });

  it.each([
    ['Copy link', 'onCopyLink'],
    ['Copy message', 'onCopyMessage'],
  ] as const)('calls its handler from "%s"', (name, handler) => {
    const p = props();
    render(<ResultView {...p} />);
    fireEvent.click(screen.getByRole('button', { name }));
    expect(p[handler]).toHaveBeenCalledTimes(1);
  });

  it('offers "Copy passphrase" only when there is one', () => {
    render(<ResultView {...props({ passphrase: null })} />);
    expect(screen.queryByRole('button', { name: 'Copy passphrase' })).toBeNull();
    cleanup();
    const p = props({ passphrase: 'open-sesame' });
    render(<ResultView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy passphrase' }));
    expect(p.onCopyPassphrase).toHaveBeenCalledTimes(1);
  });

  it('does not draw the QR code until asked', () => {
    const p = props();
    render(<ResultView {...p} />);
    expect(p.renderQr).not.toHaveBeenCalled();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws the QR code of the link when shown', async () => {
    const p = props();
    render(<ResultView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    const img = await screen.findByRole('img', { name: 'QR code of the secret link' });
    expect(p.renderQr).toHaveBeenCalledWith(URL_);
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
  });

  it('offers PNG and SVG downloads with the QR code', async () => {
    const p = props();
    render(<ResultView {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download PNG' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download SVG' }));
    expect(p.onDownloadPng).toHaveBeenCalledTimes(1);
    expect(p.onDownloadSvg).toHaveBeenCalledTimes(1);
  });

  it('says so when the QR code cannot be drawn', async () => {
    render(<ResultView {...props({ renderQr: async () => Promise.reject(new Error('too long')) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The QR code could not be drawn.');
  });

  it('shows feedback such as a copied link in its line, not in a status region made with it (the container says it)', () => {
    render(<ResultView {...props({ status: 'Link copied' })} />);
    expect(document.querySelector('.sp-status')?.textContent).toBe('Link copied');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('Esc closes the innermost panel (the one opened last), focus back on its toggle, and never calls New push', async () => {
    const onNew = vi.fn();
    render(<ResultView {...props({ onNew, passphrase: 'p4ss' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show QR code' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Show QR code' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show QR code' }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Preview' }));
    // Nothing open: Esc leaves the result, passphrase and all.
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(false);
    expect(onNew).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Copy passphrase' })).toBeTruthy();
  });

  it('shows the generated secret behind its own eye toggle, with its own Copy', () => {
    const onCopySecret = vi.fn();
    render(<ResultView {...props({ passphrase: 'p4ss', secret: 'Gen-3rated!', onCopySecret })} />);
    expect(screen.getByText('Generated secret')).toBeTruthy();
    expect(screen.queryByText('Gen-3rated!')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(screen.getByText('Gen-3rated!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(onCopySecret).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Copy passphrase' })).toBeTruthy();
  });

  it('offers Done beside New push', () => {
    const onDone = vi.fn();
    render(<ResultView {...props({ onNew: vi.fn(), onDone })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows a warning about the link', () => {
    render(<ResultView {...props({ warning: 'The link points to another server.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('The link points to another server.');
  });
});
