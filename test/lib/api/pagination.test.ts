import { describe, expect, it } from 'vitest';
import { nextPageFromLink, toPage, walkPages } from '@/lib/api/pagination';

const BASE = 'https://h.example';
const link = (...parts: string[]) => parts.join(', ');

describe('nextPageFromLink', () => {
  it('reads the page number of rel="next"', () => {
    const header = link(
      `<${BASE}/api/v2/pushes/active?page=1>; rel="first"`,
      `<${BASE}/api/v2/pushes/active?page=3>; rel="next"`,
      `<${BASE}/api/v2/pushes/active?page=4>; rel="last"`,
    );
    expect(nextPageFromLink(header, BASE)).toBe(3);
  });

  it('accepts relative targets, unquoted and multi-valued rel', () => {
    expect(nextPageFromLink('</api/v2/pushes/active?page=2>; rel=next', BASE)).toBe(2);
    expect(nextPageFromLink('</x?page=5>; rel="last next"', BASE)).toBe(5);
  });

  it('says "last page" for a header without next, and "no header" for none', () => {
    expect(
      nextPageFromLink(`<${BASE}/x?page=1>; rel="first", <${BASE}/x?page=1>; rel="prev"`, BASE),
    ).toBeUndefined();
    expect(nextPageFromLink(null, BASE)).toBeNull();
    expect(nextPageFromLink('', BASE)).toBeNull();
  });
});

describe('toPage', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('without headers, expects more after a full page and none after a short one', () => {
    expect(toPage(items(50), 1, new Headers(), BASE).nextPage).toBe(2);
    expect(toPage(items(49), 1, new Headers(), BASE).nextPage).toBeUndefined();
    expect(toPage([], 3, new Headers(), BASE).nextPage).toBeUndefined();
  });

  it('lets a Link header decide over the page length, and reads X-Total', () => {
    const last = new Headers({ link: `<${BASE}/x?page=1>; rel="first"`, 'x-total': '50' });
    expect(toPage(items(50), 1, last, BASE)).toEqual({ items: items(50), page: 1, total: 50 });
  });

  it('never goes backwards or past page 200', () => {
    expect(
      toPage(items(50), 4, new Headers({ link: `<${BASE}/x?page=2>; rel="next"` }), BASE).nextPage,
    ).toBeUndefined();
    expect(toPage(items(50), 200, new Headers(), BASE).nextPage).toBeUndefined();
  });
});

describe('walkPages', () => {
  it('follows nextPage until it is absent', async () => {
    const seen: number[] = [];
    const all = await walkPages(async (page) => {
      seen.push(page);
      return page === 1 ? { items: ['a'], page, nextPage: 7 } : { items: ['b'], page };
    });
    expect(all).toEqual(['a', 'b']);
    expect(seen).toEqual([1, 7]);
  });
});
