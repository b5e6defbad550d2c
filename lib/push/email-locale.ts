/**
 * The language a push's notification e-mails are written in defaults to the UI language, where the server
 * offers it (issue 12). The server names its locales its own way (Rails: "de", "pt-BR", "zh-CN"); the UI
 * language is a BCP 47 tag ("de", "pt-BR") or a browser's folder name ("pt_BR").
 */

const canonical = (tag: string) => tag.trim().replace(/_/g, '-').toLowerCase();

/**
 * The server's code for the UI language `uiTag` among `offered`: the same tag however it is spelled
 * ("pt_BR" → "pt-BR"), else the language alone ("de-AT" → "de"), else the one regional form the server
 * offers of that language ("pt" → "pt-BR" when that is the only Portuguese); undefined when the server
 * writes no e-mail in that language.
 */
export function emailLocaleFor(uiTag: string, offered: readonly string[]): string | undefined {
  const wanted = canonical(uiTag);
  if (wanted === '') return undefined;
  const exact = offered.find((code) => canonical(code) === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0]!;
  const plain = offered.find((code) => canonical(code) === language);
  if (plain) return plain;
  const regional = offered.filter((code) => canonical(code).split('-')[0] === language);
  return regional.length === 1 ? regional[0] : undefined;
}
