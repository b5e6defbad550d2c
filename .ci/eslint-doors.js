// Every feature folder is one concept behind its door(s) (issue 38): from outside the folder, an import
// (static, dynamic, type-only or re-export) may name only the folder itself (its index.ts) or one of the
// fronts listed for it. Inside the folder anything goes. Leaf utilities (lib/format, lib/i18n,
// lib/messages and the root files of lib/) are not listed and stay open.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Each feature folder under lib/ and its fronts besides index.ts. A front given as { front, from } is a
 * door only for the files whose path starts with one of `from` (the background entrypoint alone wires the
 * watcher's background part).
 */
export const DOORS = {
  // describe.ts and link.ts: light fronts for the pages that only word an error or check a push's link.
  api: ['describe', 'link'],
  demo: [
    'constants',
    {
      front: 'background',
      from: ['entrypoints/background/', 'lib/settings/background', 'lib/watch/background/'],
    },
    { front: 'offscreen-host', from: ['entrypoints/offscreen/'] },
    { front: 'viewer', from: ['entrypoints/viewer/'] },
  ],
  export: ['warning'],
  handoff: [{ front: 'background', from: ['entrypoints/background/'] }],
  mock: ['data'],
  offscreen: [],
  polyfill: [],
  upload: [
    'watch',
    { front: 'background', from: ['entrypoints/background/'] },
    { front: 'offscreen', from: ['entrypoints/offscreen/'] },
  ],
  welcome: [],
  watch: ['view', 'messages', 'types', { front: 'background', from: ['entrypoints/background/'] }],
  // label.ts: the light front for the pages that only name a push (through the index they reach every
  // module of the folder, which the bundler then places in their first files: popup +2.4 KB, dashboard and
  // viewer +1 file); lib/push/form: the create form, a door of its own.
  push: ['label', 'form'],
  // passphrase.ts: the zod-free generator the popup's passphrase field loads (the index brings zod).
  generator: ['passphrase', { front: 'background', from: ['lib/quick-push/'] }],
  // The index is the pages' light door (no zod, no settings); the background's and the offscreen
  // document's sides are each for their own context.
  clipboard: [
    { front: 'background', from: ['entrypoints/background/', 'lib/quick-push/', 'lib/upload/'] },
    { front: 'offscreen', from: ['entrypoints/offscreen/'] },
  ],
  // The settings' zod parts are doors for their one user each: zod in index.ts would be loaded at open by
  // every page that imports it (lib/zod.ts configures zod as it loads).
  settings: [
    'read',
    { front: 'background', from: ['entrypoints/background/'] },
    { front: 'defaults', from: ['entrypoints/options/'] },
  ],
  store: [],
  // target.ts: where a push goes, without the client or zod (the popup's first chunk).
  connection: ['target'],
  'quick-push': [],
  // The chat-preview guard (issue 39): its table and rule, one light door for the popup and quick push.
  'chat-guard': [],
  // Expire everything (issue 39 §3): the pages' door is index.ts; background.ts is the background's.
  'expire-all': [{ front: 'background', from: ['entrypoints/background/'] }],
  // Presets (issue 39 §1): which are in force, whether one fits a server, their words. Light, one door.
  presets: [],
  // Creates the background was stopped in the middle of (issue 40): the write-ahead record and its report.
  interrupted: [],
};

/** The folder-relative module an import names, or null when it is no file of lib/<feature>/. */
function target(importer, source) {
  let absolute;
  if (source.startsWith('@/')) absolute = path.join(root, source.slice(2));
  else if (source.startsWith('.')) absolute = path.resolve(path.dirname(importer), source);
  else return null;
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  const match = /^lib\/([^/]+)(?:\/(.*))?$/.exec(relative);
  if (!match || !(match[1] in DOORS)) return null;
  const inside = (match[2] ?? 'index').replace(/\.(ts|tsx|js)$/, '').replace(/\/index$/, '') || 'index';
  return { feature: match[1], inside };
}

function allowed(feature, inside, importer) {
  if (inside === 'index') return true;
  return DOORS[feature].some((door) =>
    typeof door === 'string'
      ? door === inside
      : door.front === inside && door.from.some((prefix) => importer.startsWith(prefix)),
  );
}

function doorList(feature) {
  const fronts = DOORS[feature].map((door) => (typeof door === 'string' ? door : door.front));
  return [`'@/lib/${feature}'`, ...fronts.map((front) => `'@/lib/${feature}/${front}'`)].join(', ');
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder is reached from outside only through its door(s).' },
    schema: [],
  },
  create(context) {
    const filename = context.filename;
    const importer = path.relative(root, filename).split(path.sep).join('/');
    const check = (node, sourceNode) => {
      if (!sourceNode || typeof sourceNode.value !== 'string') return;
      const found = target(filename, sourceNode.value);
      if (!found) return;
      if (importer.startsWith(`lib/${found.feature}/`)) return;
      if (allowed(found.feature, found.inside, importer)) return;
      context.report({
        node,
        message: `lib/${found.feature} is reached through its door: ${doorList(found.feature)}.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const doors = { rules: { doors: rule } };
