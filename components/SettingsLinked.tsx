import { t } from '@/lib/i18n';

/** Where the word stands in `text`, matched without regard to case ("Paramètres" / "paramètres"). */
function wordAt(text: string, word: string): number {
  return word === '' ? -1 : text.toLocaleLowerCase().indexOf(word.toLocaleLowerCase());
}

/**
 * A message as words, with its mention of Settings (the UI language's word for it, as the popup's
 * Settings link says it) made a link to the options page: "open Settings and add one" is one click away.
 * A message that does not mention it is shown as it is. `href`: the options page, by default from the
 * extension's root, where every page of ours lives.
 */
export function SettingsLinked({ text, href = '/options.html' }: { text: string; href?: string }) {
  const word = t('popup_settings');
  const at = wordAt(text, word);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={href} target="_blank" rel="noopener">
        {text.slice(at, at + word.length)}
      </a>
      {text.slice(at + word.length)}
    </>
  );
}
