/**
 * The locale the extension's words are written in. Every lib/format function takes the locale as an argument;
 * callers pass this one while the surrounding sentences are English. The languages issue replaces it with the
 * reader's UI language in one place.
 */
export const UI_LOCALE = 'en';
