import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PinPicture } from '@/entrypoints/welcome/PinPicture';
import { speak } from '../../i18n/speak';

afterEach(cleanup);

/** Where the picture puts the Extensions button's step number ("1") and the pin's ("2"). */
function stepXs(): string[] {
  const picture = screen.getByRole('img');
  return [...picture.querySelectorAll('circle')].map((circle) => circle.getAttribute('cx') ?? '');
}

describe('the welcome page’s pin picture', () => {
  it('puts the Extensions button at the toolbar’s right, left to right', () => {
    render(<PinPicture />);
    expect(stepXs()).toEqual(['334', '344']);
  });

  it('mirrors it right to left, as the browser mirrors its toolbar, keeping the name readable', () => {
    speak('ar');
    render(<PinPicture />);
    expect(stepXs()).toEqual(['26', '16']);
    const name = screen.getByRole('img').querySelector('.pin-name')!;
    // The text itself is not flipped: it starts left of the icon and runs in the page's direction.
    expect(name.getAttribute('x')).toBe('162');
    expect(name.getAttribute('transform')).toBeNull();
  });
});
