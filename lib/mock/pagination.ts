/** `page` parsing (reference §9) and pro's pagination headers (docs/api-contract.md §7). */

export const PER_PAGE = 50;
const MAX_PAGE = 200;

/** 1 when absent or ≤ 0; null (→ 400 Invalid page parameter) when not an integer or above 200. */
export function parsePage(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return 1;
  if (!/^\s*[+-]?\d+\s*$/.test(raw)) return null;
  const page = Number(raw);
  if (page > MAX_PAGE) return null;
  return page < 1 ? 1 : page;
}

export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * PER_PAGE, page * PER_PAGE);
}

/**
 * X-Page, X-Per-Page, X-Total, X-Total-Pages and an RFC 8288 Link with first/prev (after page 1) and
 * next/last (before the last page), as absolute URLs on `base` + the request's path.
 */
export function pageHeaders(base: string, url: URL, page: number, total: number): Record<string, string> {
  const pages = Math.ceil(total / PER_PAGE);
  const link = (n: number, rel: string) => {
    const search = new URLSearchParams(url.search);
    search.set('page', String(n));
    return `<${base}${url.pathname}?${search.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1 && pages > 0) links.push(link(1, 'first'), link(Math.min(page - 1, pages), 'prev'));
  if (page < pages) links.push(link(page + 1, 'next'), link(pages, 'last'));
  const headers: Record<string, string> = {
    'X-Page': String(page),
    'X-Per-Page': String(PER_PAGE),
    'X-Total': String(total),
    'X-Total-Pages': String(pages),
  };
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}
