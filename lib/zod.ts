/**
 * The zod every module uses: zod/mini, whose functions the bundler keeps only where they are used. Classic
 * zod's schemas carry every method, so each bundle held nearly all of zod, its JSON-schema code included
 * (about 100 KB minified in background.js). Configured once here, for every context that imports it.
 */
import { z } from 'zod/mini';

// English issue messages, as classic zod loads by default (zod/mini loads none): lib/store/defaults.ts
// shows an issue's message when its own words do not cover it. zod/mini's z.object never compiles its
// parsers, so it needs no jitless setting (classic zod probed for eval, which the extension CSP forbids).
z.config(z.locales.en());

export { z };

/**
 * A value built on its first use, then kept: for a set of fields that several lazy schemas share.
 */
export function memo<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/**
 * A schema built on its first use instead of when its module is evaluated, standing for it everywhere
 * (parsing, composing into other schemas, `z.infer`). Every schema a context imports was built at start,
 * used or not: about a quarter of the service worker's evaluation on each wake (issue 22), mostly for
 * responses a quick push never reads. Used at the schema's one definition: `lazySchema(() => z.object(…))`.
 * Property reads go to the built schema; nothing copies or enumerates a schema object, so no other trap.
 */
export function lazySchema<T extends object>(build: () => T): T {
  const schema = memo(build);
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    has: (_target, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
