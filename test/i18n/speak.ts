/**
 * Tests that prove the words are wired, not just English: the fake browser.i18n answers from another
 * locale's messages.json (test/setup.ts puts English back before each test).
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { resetTranslator } from '@/lib/i18n';
import { getMessageFrom, readMessages } from './messages';

/** From now on in this test, every t()/plural() answers in `locale` (a folder of public/_locales). */
export function speak(locale: string): void {
  fakeBrowser.i18n.getMessage = getMessageFrom(readMessages(locale)) as typeof fakeBrowser.i18n.getMessage;
  resetTranslator();
}
