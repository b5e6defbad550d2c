import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PassphraseForm } from '@/components/viewer/PassphraseForm';
import { RecipientForm } from '@/components/viewer/RecipientForm';

afterEach(cleanup);

describe('the recipient page’s one-question forms', () => {
  it('sends the address trimmed, and never an empty one', () => {
    const onSubmit = vi.fn();
    render(<RecipientForm busy={false} onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Reveal secret' });
    fireEvent.input(screen.getByLabelText('Your e-mail address'), { target: { value: '   ' } });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.input(screen.getByLabelText('Your e-mail address'), {
      target: { value: ' carol@example.com ' },
    });
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith('carol@example.com');
  });

  it('sends the passphrase as typed and ties the error to the field', () => {
    const onSubmit = vi.fn();
    render(<PassphraseForm busy={false} error="Wrong passphrase." onSubmit={onSubmit} />);
    const field = screen.getByLabelText('Passphrase');
    expect(field.getAttribute('aria-describedby')).toBe('passphrase-error');
    expect(screen.getByRole('alert').id).toBe('passphrase-error');
    fireEvent.input(field, { target: { value: ' open sesame ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(onSubmit).toHaveBeenCalledWith(' open sesame ');
  });

  it('says it is checking while busy', () => {
    render(<PassphraseForm busy onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Checking…' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('the passphrase prompt keeps its layout still', () => {
  it('shows a quiet hint in the line a refusal later takes, and the refusal exactly', () => {
    const { rerender } = render(<PassphraseForm busy={false} onSubmit={vi.fn()} />);
    const line = () => document.querySelector('.ask-message');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(line()?.textContent).toBe('The sender gives you the passphrase separately from the link.');
    expect(screen.getByLabelText('Passphrase').getAttribute('aria-describedby')).toBe('passphrase-hint');

    rerender(<PassphraseForm busy={false} error="That passphrase is wrong." onSubmit={vi.fn()} />);
    // The same element holds the refusal: its room was there before (style.css gives it a min-height).
    expect(line()?.textContent).toBe('That passphrase is wrong.');
    expect(screen.getByRole('alert').parentElement).toBe(line());
  });
});
