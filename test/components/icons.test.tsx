import { render } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { CopyIcon, ExternalLinkIcon, WandIcon } from '@/components/icons';

describe('icons', () => {
  it('are decorative by default, so the button holding one carries the name', () => {
    const { container } = render(
      <button type="button" aria-label="Copy link">
        <CopyIcon />
      </button>,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('role')).toBeNull();
    expect(svg.querySelector('title')).toBeNull();
  });

  it('are named images when they stand alone with a title', () => {
    const { getByRole } = render(<WandIcon title="Generated" />);
    const img = getByRole('img', { name: 'Generated' });
    expect(img.getAttribute('aria-hidden')).toBeNull();
    expect(img.querySelector('title')?.textContent).toBe('Generated');
  });

  it('follow the text colour and the size asked for', () => {
    const { container } = render(<CopyIcon size={20} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('width')).toBe('20');
    expect(svg.getAttribute('class')).toBe('sp-icon');
  });

  it('mark the ones that point a way, so they mirror right to left (controls.css), and only those', () => {
    const { container } = render(
      <>
        <ExternalLinkIcon class="extra" />
        <CopyIcon />
      </>,
    );
    const [open, copy] = container.querySelectorAll('svg');
    expect(open!.getAttribute('class')).toBe('sp-icon sp-icon-directional extra');
    expect(copy!.getAttribute('class')).toBe('sp-icon');
  });
});
