import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClipboardFields } from '@/components/settings/ClipboardFields';

afterEach(cleanup);

const field = () => screen.getByLabelText('Clear the clipboard after a copy') as HTMLSelectElement;

const copy = { copyOnCreate: true, onCopyOnCreate: () => {} };

describe('ClipboardFields', () => {
  it('shows "Copy the link when a push is created" and reports a change', () => {
    const onCopyOnCreate = vi.fn();
    render(<ClipboardFields value={0} onChange={() => {}} copyOnCreate onCopyOnCreate={onCopyOnCreate} />);
    const box = screen.getByRole('checkbox', { name: 'Copy the link when a push is created' });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    expect(onCopyOnCreate).toHaveBeenCalledWith(false);
  });

  it('offers off, 30 seconds, 1, 2 and 5 minutes and shows the chosen one', () => {
    render(<ClipboardFields {...copy} value={120} onChange={() => {}} />);
    expect([...field().options].map((o) => [o.text, o.value])).toEqual([
      ['Off', '0'],
      ['After 30 seconds', '30'],
      ['After 1 min', '60'],
      ['After 2 min', '120'],
      ['After 5 min', '300'],
    ]);
    expect(field().value).toBe('120');
  });

  it('reports a new delay in seconds', () => {
    const onChange = vi.fn();
    render(<ClipboardFields {...copy} value={0} onChange={onChange} />);
    fireEvent.change(field(), { target: { value: '30' } });
    expect(onChange).toHaveBeenCalledWith(30);
  });

  it('says why a choice could not be kept, tied to the field', () => {
    render(<ClipboardFields {...copy} value={0} error="Not allowed." onChange={() => {}} />);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field().getAttribute('aria-describedby')!)?.textContent).toBe(
      'Not allowed.',
    );
  });
});
