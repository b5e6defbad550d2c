import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyQrImage } from '@/components/LazyQrImage';
import type { LazyQr } from '@/components/useLazyQr';

afterEach(cleanup);

const classes = { hint: 'hint', error: 'error', image: 'qr' };
const show = (qr: LazyQr) =>
  render(
    <LazyQrImage qr={qr} alt="QR code of the link" size={160} classes={classes}>
      <button type="button">Download PNG</button>
    </LazyQrImage>,
  );

describe('LazyQrImage', () => {
  it('says it is drawing, then shows the image and what goes under it', () => {
    show({ state: 'loading' });
    expect(screen.getByText('Drawing the QR code…').className).toBe('hint');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    show({ state: 'shown', svg: '<svg/>' });
    const image = screen.getByRole('img', { name: 'QR code of the link' });
    expect(image.getAttribute('src')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E');
    expect(image.className).toBe('qr');
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeTruthy();
  });

  it('says when the code could not be drawn, and nothing while hidden', () => {
    show({ state: 'failed' });
    expect(screen.getByRole('alert').textContent).toBe('The QR code could not be drawn.');
    cleanup();
    const { container } = show({ state: 'hidden' });
    expect(container.innerHTML).toBe('');
  });
});
