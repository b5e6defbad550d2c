import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerWelcome } from '@/lib/welcome';

const welcomeUrl = () => fakeBrowser.runtime.getURL('/welcome.html');
const tabUrls = async () => (await fakeBrowser.tabs.query({})).map((tab) => tab.url);

beforeEach(() => {
  fakeBrowser.reset();
  registerWelcome();
});

describe('registerWelcome', () => {
  it('opens the welcome page in a tab in front on a fresh install', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    const tabs = await fakeBrowser.tabs.query({ url: welcomeUrl() });
    expect(tabs).toHaveLength(1);
    expect(tabs[0]!.active).toBe(true);
  });

  it('opens nothing on an update, so a new version never greets the user again', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0' });
    expect(await tabUrls()).not.toContain(welcomeUrl());
  });

  it('opens nothing when the browser itself updates', async () => {
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'chrome_update' });
    expect(await tabUrls()).not.toContain(welcomeUrl());
  });
});
