import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isOwnExtensionSender } from '@/lib/messages/sender';

const own = { id: 'abcdef', baseUrl: 'chrome-extension://abcdef/' };

describe('isOwnExtensionSender', () => {
  it.each([
    ['an extension page', { id: 'abcdef', url: 'chrome-extension://abcdef/viewer.html#/p/x' }],
    ['the background worker', { id: 'abcdef', url: 'chrome-extension://abcdef/background.js' }],
    ['the offscreen document', { id: 'abcdef', url: 'chrome-extension://abcdef/offscreen.html' }],
  ])('accepts %s', (_name, sender) => {
    expect(isOwnExtensionSender(sender, own)).toBe(true);
  });

  it.each([
    ['a content script on a web page', { id: 'abcdef', url: 'https://example.com/' }],
    ['another extension', { id: 'other', url: 'chrome-extension://other/page.html' }],
    ['a look-alike URL', { id: 'abcdef', url: 'chrome-extension://abcdefg/page.html' }],
    ['a sender without a URL', { id: 'abcdef' }],
    ['a sender without an id', { url: 'chrome-extension://abcdef/page.html' }],
  ])('refuses %s', (_name, sender) => {
    expect(isOwnExtensionSender(sender, own)).toBe(false);
  });

  it('reads our id and base URL from the runtime by default', () => {
    const url = fakeBrowser.runtime.getURL('/options.html');
    expect(isOwnExtensionSender({ id: fakeBrowser.runtime.id, url })).toBe(true);
    expect(isOwnExtensionSender({ id: fakeBrowser.runtime.id, url: 'https://evil.example/' })).toBe(false);
  });
});
