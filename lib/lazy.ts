/**
 * Values and objects built on their first use, then kept (issue 22: what a woken service worker evaluates
 * before its first event should be only what that event needs).
 */
/**
 * A value built on its first use, then kept: for a set of fields that several lazy schemas share.
 */
export function memo<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

/**
 * An object built on its first use instead of when its module is evaluated, standing for it everywhere: a
 * zod schema (parsing, composing into other schemas, `z.infer`; lib/zod.ts lazySchema). Every schema a context imports was built at start, used or not: about a quarter of
 * the service worker's evaluation on each wake (issue 22), mostly for responses a quick push never reads.
 * Property reads go to the built object; nothing copies or enumerates these objects, so no other trap.
 */
export function lazy<T extends object>(build: () => T): T {
  const built = memo(build);
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}

/**
 * Builds a lazy object (lazy above) now rather than at its first use; nothing for any other object. For a
 * moment that waits anyway: the API client builds a response's schema while its request is on the wire.
 */
export function buildNow(value: object): void {
  Reflect.has(value, 'buildNow');
}
