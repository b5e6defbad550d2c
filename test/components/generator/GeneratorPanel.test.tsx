import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorPanel } from '@/components/generator/GeneratorPanel';
import { DEFAULT_CHOICE, type GeneratorChoice } from '@/lib/generator/choice';

afterEach(cleanup);

const onlyDigits: GeneratorChoice = {
  ...DEFAULT_CHOICE,
  characters: { ...DEFAULT_CHOICE.characters, upper: false, lower: false, symbols: false },
};

describe('GeneratorPanel', () => {
  it('shows the strength the choice gives, in whole bits', () => {
    render(<GeneratorPanel choice={onlyDigits} onChange={() => {}} />);
    // 20 digits without 0 and 1: 20 × log2(8) = 60 bits.
    expect(screen.getByRole('status').textContent).toBe('Strength: 60 bits');
  });

  it('keeps the last character class on', () => {
    render(<GeneratorPanel choice={onlyDigits} onChange={() => {}} />);
    expect((screen.getByLabelText('Digits') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Symbols') as HTMLInputElement).disabled).toBe(false);
  });

  it('reports a valid length, and says the range of one out of it while keeping what was typed', () => {
    const onChange = vi.fn();
    render(<GeneratorPanel choice={DEFAULT_CHOICE} onChange={onChange} />);
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
    render(<GeneratorPanel choice={{ ...DEFAULT_CHOICE, mode: 'words' }} onChange={onChange} />);
    expect(screen.getByLabelText('Separator')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Capitals'));
    expect(onChange).toHaveBeenCalledWith({
      ...DEFAULT_CHOICE,
      mode: 'words',
      words: { ...DEFAULT_CHOICE.words, capitalize: true },
    });
  });
});
