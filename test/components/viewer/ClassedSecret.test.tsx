import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassedSecret } from '@/components/viewer/ClassedSecret';

afterEach(cleanup);

describe('ClassedSecret', () => {
  it('colours digits and symbols apart from letters, and its text is exactly the secret', () => {
    const { container } = render(<ClassedSecret payload="Ol0$ x" />);
    const shown = screen.getByLabelText('Secret payload');
    expect(shown.textContent).toBe('Ol0$ x');
    expect([...container.querySelectorAll('pre .ch-digit')].map((el) => el.textContent)).toEqual(['0']);
    expect([...container.querySelectorAll('pre .ch-symbol')].map((el) => el.textContent)).toEqual(['$']);
  });

  it('spells a password out one character at a time, a space shown as ␣', () => {
    const { container } = render(<ClassedSecret payload="a1 !" />);
    expect(screen.getByText('Spell it out')).toBeTruthy();
    const chars = [...container.querySelectorAll('.spelled .spelled-char')].map((el) => el.textContent);
    expect(chars).toEqual(['a', '1', '␣', '!']);
  });

  it('says under each spelled-out character what it is, in words and not by colour alone', () => {
    const { container } = render(<ClassedSecret payload="Il1!" />);
    const kinds = [...container.querySelectorAll('.spelled li')].map(
      (li) => li.querySelector('.spelled-kind')!.textContent,
    );
    expect(kinds).toEqual(['capital', 'small', 'digit', 'symbol']);
  });

  it('shows a long text plainly, with no spelling out', () => {
    const long = 'line one\nline two';
    const { container } = render(<ClassedSecret payload={long} />);
    expect(screen.getByLabelText('Secret payload').textContent).toBe(long);
    expect(container.querySelector('.spelled')).toBeNull();
  });
});
