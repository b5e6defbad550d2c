import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckField } from '@/components/CheckField';

afterEach(cleanup);

describe('CheckField', () => {
  it('reports the new state and is named by its label', () => {
    const onChange = vi.fn();
    render(
      <CheckField checked={false} onChange={onChange}>
        Hidden network
      </CheckField>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hidden network' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it("takes the page's class for its row and can be disabled", () => {
    render(
      <CheckField class="sp-check" checked disabled onChange={vi.fn()}>
        Select all shown
      </CheckField>,
    );
    const box = screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.closest('label')?.className).toBe('sp-check');
  });
});
