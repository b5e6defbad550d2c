import { useEffect, useRef, useState } from 'preact/hooks';
import { rowMove, stopMove, tabStopIndex } from './roving';

/** What can take focus inside a row (its own controls and those of its open details). */
// i18n-ignore: a selector
const CONTROLS = 'input, button, select, textarea, a[href], [tabindex]';

export interface RovingRows {
  /** The index of the row that is the list's tab stop (-1: no row). */
  tabStop: number;
  /** For the list element: arrows, Home/End, Space and Enter, and following focus as it moves in the list. */
  onKeyDown: (event: KeyboardEvent) => void;
  onFocusCapture: (event: FocusEvent) => void;
}

/** The row's stops for the arrow keys: the row, then each control that is shown and can be used. */
function stopsOf(row: HTMLElement): HTMLElement[] {
  const controls = [...row.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.checkVisibility(),
  );
  return [row, ...controls];
}

/** A field that reads the arrow keys itself (none in a row today): its keys are left alone. */
// i18n-ignore: a selector
const ownsArrows = (el: HTMLElement) => el.matches('input:not([type="checkbox"]), select, textarea');

/**
 * A roving tabindex over the windowed list's rows (roving.ts): the row last focused stays the tab stop (and is
 * kept rendered, so Tab always finds it); ArrowUp/ArrowDown/Home/End focus another row, rendering it first
 * when it is outside the window and scrolling it into view; ArrowRight/ArrowLeft walk the row's controls;
 * Space on a row selects it and Enter opens its details (by pressing its own checkbox and Details button,
 * so the mouse's paths and the keyboard's are one).
 */
export function useRovingRows(keys: readonly string[]): RovingRows {
  const [current, setCurrent] = useState<string | null>(null);
  const tabStop = tabStopIndex(keys, current);
  const pending = useRef<string | null>(null);
  // The list element, as the last key pressed in it found it.
  const list = useRef<HTMLElement | null>(null);
  const rowOf = (key: string) =>
    list.current?.querySelector<HTMLElement>(`li[data-key="${CSS.escape(key)}"] article`) ?? null;
  const focusRow = (row: HTMLElement) => {
    row.focus({ preventScroll: true });
    row.scrollIntoView({ block: 'nearest' });
  };
  // A row outside the window is rendered by the render that makes it the tab stop, then focused here.
  useEffect(() => {
    const key = pending.current;
    if (key === null) return;
    pending.current = null;
    const row = rowOf(key);
    if (row) focusRow(row);
  });

  const onFocusCapture = (event: FocusEvent) => {
    const key = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]')?.dataset.key;
    if (key !== undefined && key !== current) setCurrent(key);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    list.current = event.currentTarget as HTMLElement;
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('article');
    const key = target.closest<HTMLElement>('li[data-key]')?.dataset.key;
    if (event.altKey || event.ctrlKey || event.metaKey || !row || key === undefined || ownsArrows(target))
      return;
    const to = rowMove(event.key, keys.indexOf(key), keys.length);
    if (to !== null) {
      event.preventDefault();
      const next = keys[to]!;
      setCurrent(next);
      const there = rowOf(next);
      if (there) focusRow(there);
      else pending.current = next;
      return;
    }
    const stops = stopsOf(row);
    const rtl = getComputedStyle(row).direction === 'rtl';
    const step = stopMove(event.key, stops.indexOf(target), stops.length, rtl);
    if (step !== null) {
      event.preventDefault();
      stops[step]!.focus();
    } else if (target === row && (event.key === ' ' || event.key === 'Enter')) {
      event.preventDefault();
      row
        .querySelector<HTMLElement>(event.key === ' ' ? 'input[type="checkbox"]' : '.details-toggle')
        ?.click();
    }
  };
  return { tabStop, onKeyDown, onFocusCapture };
}
