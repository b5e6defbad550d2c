/**
 * The mock secret-push service: a web-standard request handler over IndexedDB that runs in an offscreen
 * document, in Node (with fake-indexeddb) and in tests. Behaviour: docs/api-contract.md.
 */
export { createMockBackend } from './backend';
export { openMockStore, type MockStore } from './store';
export type { Edition, MockBackendOptions, MockHandler, MockUser } from './types';
