import { MAX_PAGE } from './paths';
import type { Page } from './types';

/** Items per page on every paginated endpoint (reference §9). */
export const PAGE_SIZE = 50;

/**
 * The page number of rel="next" in an RFC 8288 Link header: a number, `undefined` when the header has no
 * next link (the last page), or `null` when there is no usable header at all (oss never sends one).
 */
export function nextPageFromLink(link: string | null, baseUrl: string): number | undefined | null {
  if (link === null || link.trim() === '') return null;
  let sawLink = false;
  for (const match of link.matchAll(/<([^>]*)>([^<]*)/g)) {
    sawLink = true;
    const rel = /;\s*rel\s*=\s*"?([^";,]+)"?/i.exec(match[2] ?? '')?.[1] ?? '';
    if (!rel.toLowerCase().split(/\s+/).includes('next')) continue;
    const page = Number(new URL(match[1] ?? '', baseUrl).searchParams.get('page'));
    return Number.isInteger(page) && page > 0 ? page : null;
  }
  return sawLink ? undefined : null;
}

/**
 * One page with the number of the next one. A Link header decides when present; without one, a full page
 * means there may be more. Never past MAX_PAGE, and never backwards, so a walk always ends.
 */
export function toPage<T>(items: T[], page: number, headers: Headers, baseUrl: string): Page<T> {
  const fromLink = nextPageFromLink(headers.get('link'), baseUrl);
  let nextPage = fromLink === null ? (items.length >= PAGE_SIZE ? page + 1 : undefined) : fromLink;
  if (nextPage !== undefined && (nextPage <= page || nextPage > MAX_PAGE)) nextPage = undefined;
  const total = Number(headers.get('x-total') ?? Number.NaN);
  const result: Page<T> = { items, page };
  if (nextPage !== undefined) result.nextPage = nextPage;
  if (Number.isInteger(total) && total >= 0) result.total = total;
  return result;
}

/** Every item of a paginated list, page by page from 1. */
export async function walkPages<T>(fetchPage: (page: number) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let page: number | undefined = 1;
  while (page !== undefined) {
    const result: Page<T> = await fetchPage(page);
    all.push(...result.items);
    page = result.nextPage;
  }
  return all;
}
