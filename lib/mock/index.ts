/**
 * The mock secret-push service: a web-standard request handler over IndexedDB that runs in an offscreen
 * document, in Node (with fake-indexeddb) and in tests. Behaviour: docs/api-contract.md.
 */
export { createMockBackend } from './backend';
export { openMockStore, type MockStore } from './store';
export type { MockBackendOptions, MockHandler, MockUser } from './options';
export type { Edition } from './types';
export { refresh, viewsLeft } from './model';
