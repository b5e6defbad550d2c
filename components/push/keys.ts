/**
 * What a key press in the form means: Enter in the Secret field submits (Shift+Enter is a new line there),
 * as do Ctrl+Enter (Cmd+Enter on macOS) anywhere; Escape resets.
 */
export function formKeyAction(event: KeyboardEvent): 'submit' | 'reset' | undefined {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'submit';
  // Not while an input method composes a word: that Enter picks the word.
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.isComposing && inSecret(event))
    return 'submit';
  if (event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'reset';
  return undefined;
}

/** The secret's textarea (SecretInput), where plain Enter creates the push. */
function inSecret(event: KeyboardEvent): boolean {
  const target = event.target as Element | null;
  return target?.id === 'sp-secret';
}
