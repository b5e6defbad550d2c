/**
 * The background's part of demo mode, registered on every worker start: the demo service's messages, the
 * background's own shortcuts (it cannot message itself) and the demo token created at install. Nothing here
 * depends on state from an earlier life of the worker.
 */
import { listenForMessages } from '@/lib/messages/runtime';
import { handleDemoFetchMessage, handleDemoPageInfoMessage, routeDemoRequest } from './router';
import { setLocalDemoRoute } from './transport';
import { ensureDemoToken, handleDemoTokenMessage, setLocalDemoTokenSource } from './token';

/** Wires demo mode into the background; returns a function that removes the message handlers (tests). */
export function registerDemoService(): () => void {
  setLocalDemoRoute((request) => routeDemoRequest(request));
  setLocalDemoTokenSource(() => ensureDemoToken());
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason !== 'install') return;
    // The demo user's token exists from the first moment, before any page asks for it.
    ensureDemoToken().catch((error: unknown) => console.error('Could not create the demo token', error));
  });
  return listenForMessages({
    'demo-fetch': (data, sender) => handleDemoFetchMessage(data, sender),
    'demo-token': (data, sender) => handleDemoTokenMessage(data, sender),
    'demo-page-info': (data, sender) => handleDemoPageInfoMessage(data, sender),
  });
}
