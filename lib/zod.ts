/**
 * The zod every module uses: zod/mini, whose functions the bundler keeps only where they are used. Classic
 * zod's schemas carry every method, so each bundle held nearly all of zod, its JSON-schema code included
 * (about 100 KB minified in background.js). Configured once here, for every context that imports it.
 */
import { z } from 'zod/mini';

// English issue messages, as classic zod loads by default (zod/mini loads none): lib/settings/defaults.ts
// shows an issue's message when its own words do not cover it. zod/mini's z.object never compiles its
// parsers, so it needs no jitless setting (classic zod probed for eval, which the extension CSP forbids).
z.config(z.locales.en());

export { z };

/** Schemas built on first use (lib/lazy.ts): `lazySchema(() => z.object(…))` at the schema's one definition. */
export { lazy as lazySchema, memo } from './lazy';
