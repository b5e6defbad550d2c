/**
 * Every context of the extension starts with webextension-polyfill (wxt.config.ts; test/build/bundles.test.ts
 * finds it in each). The polyfill wraps only the APIs its metadata names and hands the rest (scripting,
 * runtime.getContexts, storage.session, offscreen…) through to Chromium untouched, so each promise the code
 * awaits from those must come from Chromium itself. These checks pin that down in the real browser for every
 * API the extension awaits, and the callback-and-lastError form that lib/quick-push/menus.ts uses for
 * contextMenus.create (which returns an id, not a promise, and which the polyfill passes through).
 */
import { expect, test } from './fixtures';

test('every API the extension awaits returns a promise in Chromium, and contextMenus.create reports a failure through lastError', async ({
  ext,
}) => {
  const { kinds, errors } = await ext.worker.evaluate(async () => {
    const b = (globalThis as unknown as { browser: typeof chrome }).browser;
    const icon = b.runtime.getURL('/icon/128.png');
    const calls: Record<string, () => unknown> = {
      'alarms.create': () => b.alarms.create('native-probe', { delayInMinutes: 60 }),
      'alarms.get': () => b.alarms.get('native-probe'),
      'notifications.create': () =>
        b.notifications.create('native-probe', { type: 'basic', iconUrl: icon, title: 'T', message: 'M' }),
      'notifications.clear': () => b.notifications.clear('native-probe'),
      'permissions.contains': () => b.permissions.contains({ origins: ['https://example.com/*'] }),
      'permissions.remove': () => b.permissions.remove({ origins: ['https://example.com/*'] }),
      'tabs.query': () => b.tabs.query({ active: true }),
      'action.setBadgeText': () => b.action.setBadgeText({ text: '' }),
      'storage.local.get': () => b.storage.local.get('native-probe'),
      'contextMenus.removeAll': () => b.contextMenus.removeAll(),
      'scripting.executeScript': () => b.scripting.executeScript({ target: { tabId: -1 }, func: () => 1 }),
      'runtime.getContexts': () => b.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'] }),
      'runtime.sendMessage': () => b.runtime.sendMessage({ channel: 'native-probe' }),
    };
    const kinds: Record<string, string> = {};
    for (const [name, call] of Object.entries(calls)) {
      const result = call();
      kinds[name] = result instanceof Promise ? 'promise' : typeof result;
      // Settled before the next call (scripting rejects a tab id of -1: only the promise matters here).
      await Promise.resolve(result).catch(() => undefined);
    }
    await b.alarms.clear('native-probe');

    // contextMenus.create returns an id: a failure comes through browser.runtime.lastError in its callback.
    const create = () =>
      new Promise<string | undefined>((resolve) => {
        b.contextMenus.create({ id: 'native-probe', title: 'Probe', contexts: ['page'] }, () =>
          resolve(b.runtime.lastError?.message),
        );
      });
    const first = await create();
    const duplicate = await create();
    await b.contextMenus.remove('native-probe');
    return { kinds, errors: { first, duplicate } };
  });
  expect(Object.entries(kinds).filter(([, kind]) => kind !== 'promise')).toEqual([]);
  expect(Object.keys(kinds)).toHaveLength(13);
  expect(errors.first).toBeUndefined();
  expect(errors.duplicate).toMatch(/duplicate id/i);
});
