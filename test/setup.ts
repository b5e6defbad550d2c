import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach } from 'vitest';
import { resetTranslator } from '@/lib/i18n';
import { getMessageFrom, readMessages } from './i18n/messages';

const english = getMessageFrom(readMessages('en'));

function speakEnglish() {
  // WXT's fake browser has no i18n: the English messages.json, with the browser's substitution rules.
  fakeBrowser.i18n.getMessage = english as typeof fakeBrowser.i18n.getMessage;
  fakeBrowser.i18n.getUILanguage = () => 'en-US';
  resetTranslator();
}

// Also before the test file is imported: a module may word something once, at load (a constant message).
speakEnglish();

beforeEach(async () => {
  fakeBrowser.reset();
  speakEnglish();
  // As after the background's first start: it has read storage.managed (no policy) and stored the checked
  // copy, which pages wait for (lib/settings: policy first). A test of the first seconds removes it.
  await fakeBrowser.storage.local.set({ policy: { policy: {}, notes: [] } });
});
