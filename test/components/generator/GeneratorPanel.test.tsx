import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorPanel } from '@/components/generator/GeneratorPanel';
import { DEFAULT_CHOICE, type GeneratorChoice } from '@/lib/generator/choice';

afterEach(cleanup);

/** The strength line beside the bits. */
const strength = () => document.querySelector('.sp-strength')?.textContent;

const onlyDigits: GeneratorChoice = {
  ...DEFAULT_CHOICE,
  characters: { ...DEFAULT_CHOICE.characters, upper: false, lower: false, symbols: false },
};

/** The panel's props besides the choice: a field holding `value` and a Copy that succeeds. */
const field = (value = 'kQ7#xv', onCopy = () => Promise.resolve()) => ({ value, onCopy });

describe('GeneratorPanel', () => {
  it('shows the strength the choice gives, in words and whole bits', () => {
    render(<GeneratorPanel choice={onlyDigits} onChange={() => {}} {...field()} />);
    // 20 digits without 0 and 1: 20 × log2(8) = 60 bits.
    expect(strength()).toBe('Strong · 60 bits');
    // Shown, not a status region: it changes with every keystroke and slider move, and must not speak each.
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.querySelector('[aria-live]')).toBeNull();
  });

  it.each([
    [{ ...DEFAULT_CHOICE, mode: 'characters' as const }, 'Very strong · 122 bits'],
    [{ ...DEFAULT_CHOICE, mode: 'words' as const }, 'Strong · 70 bits'],
    [{ ...onlyDigits, characters: { ...onlyDigits.characters, length: 13 } }, 'Weak · 39 bits'],
    [{ ...onlyDigits, characters: { ...onlyDigits.characters, length: 14 } }, 'Fair · 42 bits'],
  ])('words the strength of %o as "%s"', (choice, words) => {
    render(<GeneratorPanel choice={choice} onChange={() => {}} {...field()} />);
    expect(strength()).toBe(words);
  });

  it("copies the field's value with its own button, which says Copied once it is on the clipboard", async () => {
    const onCopy = vi.fn(() => Promise.resolve());
    render(<GeneratorPanel choice={DEFAULT_CHOICE} onChange={() => {}} {...field('kQ7#xv', onCopy)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(onCopy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy());
  });

  it('offers no Copy while the field is empty, and says nothing was copied when the copy fails', async () => {
    const { rerender } = render(
      <GeneratorPanel choice={DEFAULT_CHOICE} onChange={() => {}} {...field('')} />,
    );
    expect((screen.getByRole('button', { name: 'Copy secret' }) as HTMLButtonElement).disabled).toBe(true);
    const failing = () => Promise.reject(new Error('denied'));
    rerender(<GeneratorPanel choice={DEFAULT_CHOICE} onChange={() => {}} {...field('x', failing)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('button', { name: 'Copied' })).toBeNull();
  });

  it('keeps the last character class on', () => {
    render(<GeneratorPanel choice={onlyDigits} onChange={() => {}} {...field()} />);
    expect((screen.getByLabelText('Digits') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Symbols') as HTMLInputElement).disabled).toBe(false);
  });

  it('reports a valid length, and says the range of one out of it while keeping what was typed', () => {
    const onChange = vi.fn();
    render(<GeneratorPanel choice={DEFAULT_CHOICE} onChange={onChange} {...field()} />);
    const length = screen.getByLabelText('Length') as HTMLInputElement;
    fireEvent.input(length, { target: { value: '64' } });
    expect(onChange).toHaveBeenLastCalledWith({
      ...DEFAULT_CHOICE,
      characters: { ...DEFAULT_CHOICE.characters, length: 64 },
    });
    fireEvent.input(length, { target: { value: '300' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(length.value).toBe('300');
    expect(length.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('From 8 to 128')).toBeTruthy();
  });

  it('switches to words, with their own options', () => {
    const onChange = vi.fn();
    render(<GeneratorPanel choice={{ ...DEFAULT_CHOICE, mode: 'words' }} onChange={onChange} {...field()} />);
    expect(screen.getByLabelText('Separator')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Capitals'));
    expect(onChange).toHaveBeenCalledWith({
      ...DEFAULT_CHOICE,
      mode: 'words',
      words: { ...DEFAULT_CHOICE.words, capitalize: true },
    });
  });
});

describe('GeneratorPanel and Esc', () => {
  it('closes on Esc inside it, and the form around it does not hear the key', () => {
    const onClose = vi.fn();
    const formHeard = vi.fn();
    render(
      <form onKeyDown={formHeard}>
        <GeneratorPanel choice={DEFAULT_CHOICE} onChange={() => {}} {...field()} onClose={onClose} />
      </form>,
    );
    fireEvent.keyDown(screen.getByLabelText('Length'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(formHeard).not.toHaveBeenCalled();
    // Other keys go on to the form as before.
    fireEvent.keyDown(screen.getByLabelText('Length'), { key: 'Enter' });
    expect(formHeard).toHaveBeenCalledTimes(1);
  });
});
