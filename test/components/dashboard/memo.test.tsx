import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { memo, propsDiffer } from '@/components/dashboard/memo';

afterEach(cleanup);

describe('propsDiffer', () => {
  it('finds a changed or an added key, and nothing in equal props', () => {
    const same = () => undefined;
    expect(propsDiffer({ a: 1, f: same }, { a: 1, f: same })).toBe(false);
    expect(propsDiffer({ a: 1 }, { a: 2 })).toBe(true);
    expect(propsDiffer({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(propsDiffer({ o: {} }, { o: {} })).toBe(true);
  });
});

describe('memo', () => {
  const renders: string[] = [];
  const Row = memo(function Row({ label }: { label: string }) {
    const [clicks, setClicks] = useState(0);
    renders.push(label);
    return (
      <button type="button" onClick={() => setClicks(clicks + 1)}>
        {label} {clicks}
      </button>
    );
  });

  it('renders again only for other props or its own state', () => {
    renders.length = 0;
    const { rerender } = render(<Row label="Door" />);
    rerender(<Row label="Door" />);
    expect(renders).toEqual(['Door']);
    rerender(<Row label="Bank" />);
    expect(renders).toEqual(['Door', 'Bank']);
    fireEvent.click(screen.getByRole('button', { name: 'Bank 0' }));
    expect(screen.getByRole('button', { name: 'Bank 1' })).toBeTruthy();
    expect(renders).toEqual(['Door', 'Bank', 'Bank']);
  });
});
