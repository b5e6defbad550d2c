/**
 * The mock's light front: its data at rest without the service. The demo's background opens the database
 * and erases what expired (lib/demo's erase) with this alone, so Chrome's worker never loads the backend,
 * its pages or qrcode (test/build/background.test.ts); index.ts is the whole service.
 */
export { openMockStore, type MockStore } from './store';
export { eraseDue } from './sweep';
