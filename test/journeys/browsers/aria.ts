/**
 * `::-p-aria(Name[role="r"])` in Firefox, answered in the page by dom-accessibility-api (testing-library's
 * name and role computation; its CommonJS files loaded by a small require), as Playwright's role engine does
 * in Chromium. BiDi's own locateNodes took about 0.6 s a query (0.1 s for CSS), most of a Firefox journey.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Puppeteer } from 'puppeteer-core';
import { ARIA_NAME_ROLE } from './types';

const dist = path.dirname(createRequire(import.meta.url).resolve('dom-accessibility-api'));
const loaders = ['', 'polyfills/']
  .flatMap((dir) =>
    fs.readdirSync(path.join(dist, dir)).flatMap((file) => (file.endsWith('.js') ? [dir + file] : [])),
  )
  .map(
    (file) =>
      `${JSON.stringify(file.slice(0, -3))}: (exports, require) => {\n${fs.readFileSync(path.join(dist, file), 'utf8')}\n}`,
  );

/** Finds, below `root`, the shown elements whose role (when given) and accessible name are the selector's. */
const queryAll = new Function(
  'root',
  'selector',
  `const a11y = (globalThis.journeyAria ??= (() => {
    const loaders = {${loaders.join(',\n')}};
    const loaded = {};
    const resolve = (from, to) => to.split('/').reduce((parts, part) =>
      part === '..' ? parts.slice(0, -1) : part === '.' ? parts : [...parts, part], from.split('/').slice(0, -1)).join('/');
    const load = (id) => loaded[id] ?? (loaders[id]((loaded[id] = {}), (to) => load(resolve(id, to))), loaded[id]);
    return load('index');
  })());
  const [, name, role] = ${ARIA_NAME_ROLE}.exec(selector);
  // The page's own getComputedStyle, called on its window (puppeteer's sandbox has none of its own).
  const options = { getComputedStyle: (el, pseudo) => el.ownerDocument.defaultView.getComputedStyle(el, pseudo) };
  return [...root.querySelectorAll('*')].filter((el) => (!role || a11y.getRole(el) === role) &&
    a11y.computeAccessibleName(el, options) === name && !a11y.isInaccessible(el, options));`,
) as (root: Node, selector: string) => Node[];

Puppeteer.registerCustomQueryHandler('journeyaria', { queryAll });

/** A journey's selector with its `::-p-aria(…)` answered in the page (see above). */
export const inPageAria = (selector: string) => selector.replaceAll('::-p-aria(', '::-p-journeyaria(');
