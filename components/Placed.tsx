import type { ComponentChildren } from 'preact';

/**
 * The mark to pass as a message's substitution where an element goes (a key, a bold host). A private-use
 * character: browser.i18n drops a NUL in substitutions, and no message or name contains this one.
 */
export const PLACE = '\uE000';

/** `text` (a message given PLACE as a substitution) with `children` where the message put PLACE. */
export function Placed({ text, children }: { text: string; children: ComponentChildren }) {
  const at = text.indexOf(PLACE);
  if (at === -1) return <>{text}</>;
  // An empty piece is left out: Preact writes an empty text node again at every render of its parent.
  return (
    <>
      {text.slice(0, at) || null}
      {children}
      {text.slice(at + PLACE.length) || null}
    </>
  );
}
