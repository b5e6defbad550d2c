/**
 * The page's one polite live region (#sp-live), as every page's index.html holds it from load, for unit tests
 * that render a page or component alone: components/announce.ts says each result through it.
 */
import { afterEach, beforeEach } from 'vitest';

/** Adds #sp-live to the document before each test of the file (or block) and removes it after; the getter reads it. */
export function useLiveRegion(): () => HTMLElement {
  let live: HTMLElement | undefined;
  beforeEach(() => {
    live = document.body.appendChild(document.createElement('div'));
    live.id = 'sp-live';
  });
  afterEach(() => live?.remove());
  return () => live!;
}
