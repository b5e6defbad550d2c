/**
 * Every page holds one polite live region from load (issue 37): components/announce.ts says each result
 * through it, and a region created together with its text is announced unreliably (WCAG 4.1.3).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const pages = fs
  .readdirSync(path.join(root, 'entrypoints'))
  .filter(
    (name) => fs.existsSync(path.join(root, 'entrypoints', name, 'index.html')) && name !== 'offscreen',
  );

describe('the pages’ live region', () => {
  it('covers the five pages a person reads', () => {
    expect(pages.sort()).toEqual(['dashboard', 'options', 'popup', 'viewer', 'welcome']);
  });

  it.each(pages)('%s/index.html has exactly one #sp-live, polite and atomic, outside the app', (page) => {
    const html = fs.readFileSync(path.join(root, 'entrypoints', page, 'index.html'), 'utf8');
    const regions = html.match(/<div id="sp-live"[^>]*><\/div>/g) ?? [];
    expect(regions).toHaveLength(1);
    expect(regions[0]).toContain('aria-live="polite"');
    expect(regions[0]).toContain('aria-atomic="true"');
    expect(html.match(/aria-live/g)).toHaveLength(1);
  });
});

describe('no other polite region', () => {
  it('no component or page script declares an aria-live region of its own', () => {
    const sources = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(rel);
        return /\.tsx?$/.test(entry.name) ? [rel] : [];
      });
    const declaring = ['components', 'entrypoints']
      .flatMap(sources)
      .filter((file) => /aria-live=/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(declaring).toEqual([]);
  });
});
