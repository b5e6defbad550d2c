/** Esc closes the innermost thing: the panel, not the form it sits in (whose Esc clears it). */
export function closeOnEscape(event: KeyboardEvent, close: (() => void) | undefined): void {
  if (!close || event.key !== 'Escape' || event.ctrlKey || event.metaKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation();
  close();
}
