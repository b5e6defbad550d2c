/**
 * The page's one polite live region (issue 37): every page's index.html holds `#sp-live` from load, and each
 * result a person should hear ("1 push expired", "Link copied", "Default server: …") is said through it once.
 * A status region created together with its text is announced unreliably (WCAG 4.1.3), and a region whose
 * text is redrawn on a timer or per keystroke repeats itself; one region written only on a result does
 * neither.
 */

/** How long the region stays empty before the words, so the same words said twice are heard twice. */
export const ANNOUNCE_GAP_MS = 50;

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Says `text` once through the page's live region. A page without the region (a component rendered alone in
 * a unit test) says nothing: the region is part of the page, checked by test/build/live-region.test.ts.
 */
export function announce(text: string, doc: Document = document): void {
  const region = doc.getElementById('sp-live');
  if (!region) return;
  clearTimeout(pending);
  region.textContent = '';
  pending = setTimeout(() => {
    region.textContent = text;
  }, ANNOUNCE_GAP_MS);
}
