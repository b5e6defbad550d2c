import { useEffect, useRef } from 'preact/hooks';
import type { ServerForm } from '@/lib/settings';

/**
 * Focus on the Connection form's first field when a person opens it (Add a server, Edit), so the keyboard
 * starts where the form is instead of on the page's body. A form already open when the page loads (no
 * server saved yet) keeps the page's own focus: nothing was opened.
 */
export function useFocusOnOpen(form: ServerForm | null) {
  const ref = useRef<HTMLFormElement>(null);
  const before = useRef<Pick<ServerForm, 'open' | 'source'> | undefined>(undefined);
  const open = form?.open ?? false;
  const source = form?.source ?? null;
  useEffect(() => {
    if (!form) return; // not read yet
    const was = before.current;
    before.current = { open, source };
    if (!open || !was || (was.open && was.source === source)) return;
    const controls = 'select, input, textarea'; // a selector, not words i18n-ignore
    const fields = ref.current?.querySelectorAll<HTMLInputElement>(controls) ?? [];
    [...fields].find((field) => !field.disabled && field.type !== 'hidden')?.focus();
  }, [form !== null, open, source]);
  return ref;
}
