/**
 * The background's part of demo mode, registered on every worker start: the demo service's messages, the
 * background's own shortcuts (it cannot message itself) and the demo token created at install. Nothing here
 * depends on state from an earlier life of the worker.
 */
import { listenForMessages } from '@/lib/messages/runtime';
import { demoRoutes, routeDemoFetch } from './router';
import { setLocalDemoRoute } from './transport';
import { ensureDemoToken, setLocalDemoTokenSource } from './token';

/** Wires demo mode into the background; returns a function that removes the message handlers (tests). */
export function registerDemoService(): () => void {
  setLocalDemoRoute((request) => routeDemoFetch(request));
  setLocalDemoTokenSource(() => ensureDemoToken());
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    // The demo user's token exists from the first moment, before any page asks for it.
    ensureDemoToken().catch((error: unknown) => console.error('Could not create the demo token', error));
  });
  return listenForMessages(demoRoutes());
}
// The background's other features erase the demo's data at rest through this front (lib/settings when demo
// mode is switched off, the watcher's alarm for what expired).
export { deleteDemoData, eraseExpiredDemoPushes } from './erase';
