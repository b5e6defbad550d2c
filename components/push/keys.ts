/** What a key press in the form means: Ctrl+Enter (Cmd+Enter on macOS) submits, Escape resets. */
export function formKeyAction(event: KeyboardEvent): 'submit' | 'reset' | undefined {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'submit';
  if (event.key === 'Escape' && !event.ctrlKey && !event.metaKey && !event.altKey) return 'reset';
  return undefined;
}
