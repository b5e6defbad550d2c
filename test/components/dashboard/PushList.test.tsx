import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_DETAILS } from '@/components/dashboard/parts';
import { PushList, type PushListProps } from '@/components/dashboard/PushList';
import type { EmptyCase } from '@/components/dashboard/empty';
import { DEFAULT_FILTERS, filterIndexed, indexPushes } from '@/components/dashboard/filter';
import { ROW_ESTIMATE } from '@/components/dashboard/useWindowedRows';
import { NOW, trackedPush } from './tracked-push';

afterEach(cleanup);
// The rows with their details part at hand, as the dashboard has it once its list is read (warmParts);
// parts.test.tsx opens a row before the part has arrived.
beforeAll(async () => {
  await PUSH_DETAILS.load();
});

const door = trackedPush({ url_token: 'door1', name: 'Door code' });
const bank = trackedPush({ url_token: 'bank2', name: 'Bank', source: 'local' });

function props(overrides: Partial<PushListProps> = {}): PushListProps {
  return {
    shown: [door, bank],
    total: 2,
    empty: null,
    now: NOW,
    selected: new Set(),
    audits: {},
    canAudit: (push) => push.source === 'server',
    hasToken: true,
    renderQr: async () => '<svg/>',
    actions: {
      select: vi.fn(),
      toggleAudit: vi.fn(),
      copyLink: vi.fn(async () => undefined),
      open: vi.fn(),
      expire: vi.fn(),
    },
    ...overrides,
  };
}

describe('PushList', () => {
  const emptyProps = { optionsUrl: 'chrome-extension://x/options.html', onRefresh: vi.fn() };
  it.each([
    [{ kind: 'loading', reading: false }, 'Loading…'],
    [{ kind: 'loading', reading: true }, 'Reading your pushes from the server…'],
    [{ kind: 'filtered' }, 'No push matches the filters.'],
    [{ kind: 'account' }, 'No pushes on this account yet.'],
  ] satisfies Array<[EmptyCase, string]>)('says why no push is listed: %o', (empty, words) => {
    render(<PushList {...props({ shown: [], empty: { empty, ...emptyProps } })} />);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says it is loading in plain text, no status region: the rows that follow are the result', () => {
    const empty = { empty: { kind: 'loading', reading: true } satisfies EmptyCase, ...emptyProps };
    render(<PushList {...props({ shown: [], empty })} />);
    expect(screen.getByText('Reading your pushes from the server…')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('links a missing or rejected token to Settings', () => {
    render(<PushList {...props({ shown: [], empty: { empty: { kind: 'rejected' }, ...emptyProps } })} />);
    expect(
      screen.getByText('This browser cannot read this account: the server rejected its API token.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe(
      emptyProps.optionsUrl,
    );
  });

  it('offers Try again when the server could not be reached, and Check again on an empty account', () => {
    const onRefresh = vi.fn();
    const error = { code: 'network' as const, message: 'offline' };
    const empty = {
      empty: { kind: 'unreachable' as const, error },
      ...emptyProps,
      reason: 'No connection',
      onRefresh,
    };
    const { rerender } = render(<PushList {...props({ shown: [], empty })} />);
    expect(screen.getByRole('alert').textContent).toContain('Your pushes could not be read: No connection');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    rerender(
      <PushList {...props({ shown: [], empty: { ...emptyProps, empty: { kind: 'account' }, onRefresh } })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onRefresh).toHaveBeenCalledTimes(2);
  });

  it('offers the audit log only where canAudit allows, and hands each action its push', () => {
    const p = props({ selected: new Set(['door1']) });
    render(<PushList {...p} />);
    const [first, second] = screen.getAllByRole('article');
    for (const row of [first!, second!])
      fireEvent.click(within(row).getByRole('button', { name: /^Details/ }));
    expect(within(second!).queryByRole('button', { name: 'Audit log' })).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Audit log' }));
    expect(p.actions.toggleAudit).toHaveBeenCalledWith('door1', 'https://push.example');
    fireEvent.click(within(second!).getByRole('checkbox', { name: 'Select Bank' }));
    expect(p.actions.select).toHaveBeenCalledWith('bank2', true);
    expect((within(first!).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(second!).getByRole('button', { name: 'Expire' }));
    expect(p.actions.expire).toHaveBeenCalledWith(bank);
  });

  it('keeps a row and its open details when the list around it changes', () => {
    const p = props();
    const { rerender } = render(<PushList {...p} />);
    const row = screen.getByRole('article', { name: 'Door code' });
    fireEvent.click(within(row).getByRole('button', { name: /^Details/ }));
    // Same push objects, same actions: the row keeps its DOM and its state (details still open).
    rerender(<PushList {...p} shown={[door]} />);
    expect(screen.getByRole('article', { name: 'Door code' })).toBe(row);
    expect(within(row).getByRole('list', { name: 'Details' })).toBeTruthy();
  });
});

describe('PushList by keyboard: one tab stop, the arrows inside (issue 37)', () => {
  const wifi = trackedPush({ url_token: 'wifi3', name: 'Wi-Fi' });
  const three = () => props({ shown: [door, bank, wifi], total: 3 });
  const row = (name: string) => screen.getByRole('article', { name });
  const press = (key: string) => void fireEvent.keyDown(document.activeElement!, { key });

  it('makes the first row the only tab stop, and the row last focused after that', () => {
    render(<PushList {...three()} />);
    const stops = () =>
      [...document.querySelectorAll<HTMLElement>('[tabindex="0"], button:not([tabindex]), input')]
        .filter((el) => el.tabIndex >= 0)
        .map((el) => el.getAttribute('aria-labelledby') ?? el.getAttribute('aria-label'));
    expect(stops()).toEqual(['title-door1']);
    act(() => within(row('Wi-Fi')).getByRole('checkbox').focus());
    expect(stops()).toEqual(['title-wifi3']);
  });

  it('moves between rows with ArrowUp, ArrowDown, Home and End, not past either end', () => {
    render(<PushList {...three()} />);
    act(() => row('Door code').focus());
    const steps: Array<[string, string]> = [
      ['ArrowDown', 'Bank'],
      ['ArrowDown', 'Wi-Fi'],
      ['ArrowDown', 'Wi-Fi'],
      ['Home', 'Door code'],
      ['ArrowUp', 'Door code'],
      ['End', 'Wi-Fi'],
      ['ArrowUp', 'Bank'],
    ];
    for (const [key, name] of steps) {
      act(() => press(key));
      expect(document.activeElement, key).toBe(row(name));
      expect(row(name).tabIndex).toBe(0);
    }
  });

  it("walks a row's controls with ArrowRight and ArrowLeft, and ArrowDown from a control goes to the next row", () => {
    render(<PushList {...three()} />);
    act(() => row('Door code').focus());
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      act(() => press('ArrowRight'));
      names.push((document.activeElement as HTMLElement).getAttribute('aria-label')!);
    }
    expect(names).toEqual([
      'Select Door code',
      'Copy link: Door code',
      'Details: Door code',
      'Details: Door code',
    ]);
    act(() => press('ArrowLeft'));
    act(() => press('ArrowLeft'));
    act(() => press('ArrowLeft'));
    expect(document.activeElement).toBe(row('Door code'));
    act(() => press('ArrowRight'));
    act(() => press('ArrowDown'));
    expect(document.activeElement).toBe(row('Bank'));
  });

  it('selects the focused row with Space and opens its details with Enter, focus staying on the row', () => {
    const p = three();
    render(<PushList {...p} />);
    act(() => row('Bank').focus());
    act(() => press(' '));
    expect(p.actions.select).toHaveBeenCalledWith('bank2', true);
    act(() => press('Enter'));
    expect(
      within(row('Bank')).getByRole('button', { name: 'Details: Bank' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(document.activeElement).toBe(row('Bank'));
    // The open details' buttons are the row's too: ArrowRight goes on from the row's own three into them.
    const reached: string[] = [];
    for (let i = 0; i < 6; i++) {
      act(() => press('ArrowRight'));
      reached.push((document.activeElement as HTMLElement).textContent!.trim());
    }
    expect(reached).toEqual(['', 'Copy link', 'Details', 'Preview', 'Open page…', 'Expire']);
  });
});

/** 10,000 pushes, newest first as the dashboard shows them; "Push 0" first. */
const MANY = Array.from({ length: 10_000 }, (_, i) => trackedPush({ url_token: `t${i}`, name: `Push ${i}` }));

/**
 * happy-dom lays nothing out: every row is 0 px tall and the list's top stays where it is. Here the page
 * is scrolled as a browser would: the list's top moves up by `y` (rows keep their estimated height).
 */
function scrollTo(y: number) {
  const list = screen.getByRole('list', { name: 'Pushes' });
  list.getBoundingClientRect = () => new DOMRect(0, -y, 1000, MANY.length * ROW_ESTIMATE);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const rowNames = () => screen.getAllByRole('article').map((row) => row.getAttribute('aria-labelledby'));
const listItems = () => [...screen.getByRole('list', { name: 'Pushes' }).children] as HTMLElement[];

describe('PushList with 10,000 pushes (issue 19)', () => {
  it("says each row's set size is unknown (-1) while the list holds only its first screen", () => {
    const first = MANY.slice(0, 100);
    const { rerender } = render(<PushList {...props({ shown: first, total: first.length, whole: false })} />);
    const items = listItems();
    expect(items.length).toBeGreaterThan(10);
    items.forEach((item, i) => {
      expect(item.getAttribute('aria-setsize')).toBe('-1');
      expect(item.getAttribute('aria-posinset')).toBe(String(i + 1));
    });
    // Read whole: the same rows, now of all 10,000.
    rerender(<PushList {...props({ shown: MANY, total: MANY.length, whole: true })} />);
    expect(listItems()[0]!.getAttribute('aria-setsize')).toBe('10000');
  });

  it('renders only a window of rows, each saying its place among all 10,000', () => {
    render(<PushList {...props({ shown: MANY, total: MANY.length })} />);
    const items = listItems();
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(60);
    expect(rowNames()[0]).toBe('title-t0');
    items.forEach((item, i) => {
      expect(item.getAttribute('aria-setsize')).toBe('10000');
      expect(item.getAttribute('aria-posinset')).toBe(String(i + 1));
    });
    // The rows left out still take their room: the list is as tall as 10,000 rows.
    expect(screen.getByRole('list', { name: 'Pushes' }).style.paddingBlockEnd).toBe(
      `${(MANY.length - items.length) * ROW_ESTIMATE}px`,
    );
    // Nothing narrows the list: no count to announce.
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('shows the rows scrolled to, and only those', () => {
    render(<PushList {...props({ shown: MANY, total: MANY.length })} />);
    scrollTo(5000 * ROW_ESTIMATE);
    const items = listItems();
    expect(items.length).toBeLessThan(60);
    expect(rowNames()).toContain('title-t5000');
    // The list's tab stop (its first row until another is focused) stays, so Tab always finds the list.
    expect(rowNames()[0]).toBe('title-t0');
    expect(rowNames()).not.toContain('title-t1');
    const row5000 = screen.getByRole('article', { name: 'Push 5000' }).parentElement!;
    expect(row5000.getAttribute('aria-posinset')).toBe('5001');
    // The rows above the window are replaced by their room, so the rows sit where they would.
    const first = items[1]!;
    const firstIndex = Number(first.getAttribute('aria-posinset')) - 1;
    expect(first.style.marginBlockStart).toBe(`${(firstIndex - 1) * ROW_ESTIMATE}px`);
  });

  it('keeps the focused row while it is scrolled away, and focus in it when it comes back', async () => {
    render(<PushList {...props({ shown: MANY, total: MANY.length })} />);
    const box = screen.getByRole('checkbox', { name: 'Select Push 3' });
    box.focus();
    fireEvent.focusIn(box);
    scrollTo(8000 * ROW_ESTIMATE);
    expect(rowNames()).toContain('title-t8000');
    expect(screen.getByRole('checkbox', { name: 'Select Push 3' })).toBe(box);
    expect(document.activeElement).toBe(box);
    expect(rowNames()).not.toContain('title-t4');
    scrollTo(0);
    expect(screen.getByRole('checkbox', { name: 'Select Push 3' })).toBe(box);
    expect(document.activeElement).toBe(box);
    // Once focus has moved to another row and left the list, the row goes with the others when scrolled
    // away; the row last focused stays, the list's tab stop.
    const other = screen.getByRole('checkbox', { name: 'Select Push 5' });
    other.focus();
    other.blur();
    fireEvent.focusOut(other);
    await new Promise((resolve) => setTimeout(resolve));
    scrollTo(8000 * ROW_ESTIMATE);
    expect(screen.queryByRole('checkbox', { name: 'Select Push 3' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Push 5' }).tabIndex).toBe(0);
  });

  it('renders and focuses the last of 10,000 rows on End, and the first again on Home', async () => {
    render(<PushList {...props({ shown: MANY, total: MANY.length })} />);
    const first = screen.getByRole('article', { name: 'Push 0' });
    act(() => first.focus());
    expect(screen.queryByRole('article', { name: 'Push 9999' })).toBeNull();
    act(() => {
      fireEvent.keyDown(first, { key: 'End' });
    });
    const last = await screen.findByRole('article', { name: 'Push 9999' });
    await waitFor(() => expect(document.activeElement).toBe(last));
    expect(last.parentElement!.getAttribute('aria-posinset')).toBe('10000');
    expect(last.tabIndex).toBe(0);
    act(() => {
      fireEvent.keyDown(last, { key: 'Home' });
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Push 0' })));
  });

  it('opens the push its address names far down the list: rendered, expanded and focused', async () => {
    const deep = MANY[9876]!;
    render(
      <PushList
        {...props({
          shown: MANY,
          total: MANY.length,
          focus: { server: deep.server, url_token: deep.url_token },
        })}
      />,
    );
    const row = screen.getByRole('article', { name: 'Push 9876' });
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row.parentElement!.getAttribute('aria-posinset')).toBe('9877');
    expect(row.getAttribute('aria-current')).toBe('location');
    expect(
      within(row)
        .getByRole('button', { name: /^Details/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(listItems().length).toBeLessThan(60);
  });

  it('finds a push deep in the list with the filter, and says how many of all it shows', () => {
    const index = indexPushes(MANY);
    const found = filterIndexed(index, { ...DEFAULT_FILTERS, query: 'push 9999' }, NOW);
    render(<PushList {...props({ shown: found, total: MANY.length })} />);
    expect(rowNames()).toEqual(['title-t9999']);
    expect(listItems()[0]!.getAttribute('aria-setsize')).toBe('1');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1 of 10,000.');
    // Plain text: a status region here spoke on every keystroke (useCountAnnounce says it once typing stops).
    expect(screen.getByText(/^Showing/).getAttribute('role')).toBeNull();
  });
});
