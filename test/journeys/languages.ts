/**
 * The language journeys' checks, written against public/_locales rather than against words: a page is
 * translated when what it shows is the locale's messages and no English message (of a key the locale
 * words differently) shows. Words are found by their English text, so a check names what a person sees.
 */
import type { JourneyPage } from './browsers';
import { readMessages as readLocale, type MessageFile as Messages } from '../i18n/messages';

/** Words that are the same in every language: product names, technical tokens, and text with no letters. */
const UNTRANSLATED = /^(Secret Push|Password Pusher|pwpush\.com|URL|QR|API|HTTP|\P{L}*)$/u;
/** Keys that are not words on a page: the locale's tag, its direction and the manifest's name. */
const NOT_ON_PAGE = new Set(['locale', 'dir', 'app_name']);

/** A message as a pattern: its placeholders (`$1`, `$name$`) match any text. */
function pattern(message: string): RegExp {
  const parts = message.split(/\$(?:[1-9]|[A-Za-z_@]+\$)/);
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');
}

export interface Language {
  locale: string;
  messages: Messages;
  /** The locale's message for the key whose English is `english` ("Create push" → "Push erstellen"). */
  say(english: string): string;
}

export function language(locale: string): Language {
  const english = readLocale('en');
  const messages = readLocale(locale);
  return {
    locale,
    messages,
    say(text) {
      const key = Object.keys(english).find((k) => english[k]!.message === text);
      if (!key)
        throw new Error(`No message in public/_locales/en has the English "${text}" (not converted yet?)`);
      const own = messages[key]?.message;
      if (!own) throw new Error(`public/_locales/${locale} has no ${key}`);
      return own;
    },
  };
}

/** What a page shows: its text pieces (one per text node) and the names it gives without text. */
interface Shown {
  /** Trimmed text nodes inside buttons, labels, tabs, headings and legends. */
  labels: string[];
  /** Visible text of the whole page, and its aria-labels, placeholders and titles. */
  text: string;
}

function readShown(page: JourneyPage): Promise<Shown> {
  return page.evaluate(() => {
    const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? true;
    const labels: string[] = [];
    const named = 'button, label, [role="tab"], h1, h2, legend, summary, th';
    for (const el of document.querySelectorAll(named)) {
      if (!visible(el)) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // Keys on the keyboard and code are not words of the UI language; options may be Intl's durations.
        if (node.parentElement?.closest('kbd, code, option, select, time, .push-title, [aria-hidden="true"]'))
          continue;
        const text = node.textContent!.replace(/\s+/g, ' ').trim();
        if (text) labels.push(text);
      }
    }
    const attributes = [...document.querySelectorAll('[aria-label], [placeholder], [title]')]
      .filter(visible)
      .flatMap((el) => ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''));
    return { labels, text: [document.body.innerText, ...attributes].join('\n') };
  });
}

export interface TranslationReport {
  /** Text on buttons, labels, tabs and headings that is no message of the locale. */
  notMessages: string[];
  /** Keys whose English message shows although the locale words it differently. */
  englishKeys: string[];
  /** How many of the locale's own messages (worded unlike English) the page shows. */
  translatedShown: number;
}

/** Compares what `page` shows with the locale's messages and with English's. */
export async function translationReport(page: JourneyPage, lang: Language): Promise<TranslationReport> {
  const shown = await readShown(page);
  const english = readLocale('en');
  const own = Object.entries(lang.messages).filter(([key]) => !NOT_ON_PAGE.has(key));
  const ownPatterns = own.map(([, m]) => pattern(m.message));
  const ownTexts = own.map(([, m]) => m.message);
  const isMessage = (text: string) =>
    UNTRANSLATED.test(text) ||
    ownTexts.some((m) => m.includes(text)) ||
    ownPatterns.some((p) => p.test(text));

  const differs = Object.keys(english).filter(
    (key) => !NOT_ON_PAGE.has(key) && lang.messages[key]?.message !== english[key]!.message,
  );
  const lines = shown.text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
  const shows = (message: string) => {
    const literal = message.split(/\$(?:[1-9]|[A-Za-z_@]+\$)/).sort((a, b) => b.length - a.length)[0]!;
    // A short English word ("Name") is looked for as a whole line or label; a sentence anywhere.
    if (literal.trim().split(/\s+/).length < 2)
      return lines.includes(literal.trim()) || shown.labels.includes(literal.trim());
    return shown.text.replace(/\s+/g, ' ').includes(literal.trim());
  };
  const englishKeys = differs.filter((key) => {
    const message = english[key]!.message;
    if (UNTRANSLATED.test(message) || ownTexts.some((m) => m.includes(message))) return false;
    return shows(message);
  });
  const translatedShown = differs.filter((key) => {
    const message = lang.messages[key]?.message;
    return !!message && !UNTRANSLATED.test(message) && shows(message);
  }).length;
  return {
    notMessages: [...new Set(shown.labels.filter((l) => !isMessage(l)))],
    englishKeys,
    translatedShown,
  };
}

/** `<html lang dir>` of a page. */
export function documentLanguage(page: JourneyPage): Promise<{ lang: string; dir: string }> {
  return page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
}

/**
 * Where an element sits on its line within its container, in page pixels: `start` is its distance from the
 * line's start (the left in a left-to-right page, the right in a right-to-left one), `end` from its end.
 */
export async function placeOnLine(page: JourneyPage, selector: string, container: string, dir: string) {
  const box = await page.evaluate(
    ({ selector, container }) => {
      const el = document.querySelector(selector)!.getBoundingClientRect();
      const box = document.querySelector(selector)!.closest(container)!.getBoundingClientRect();
      return { left: el.left - box.left, right: box.right - el.right, width: box.width };
    },
    { selector, container },
  );
  const [start, end] = dir === 'rtl' ? [box.right, box.left] : [box.left, box.right];
  return { start, end, width: box.width };
}
