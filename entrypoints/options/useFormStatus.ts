import { useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import type { SettingsStatus } from '@/components/settings/ConnectionStatus';
import type { ConnectionReport } from '@/lib/connection';
import { toAppError } from '@/lib/errors';
import { explain, fieldMessages, type FieldErrors } from './errors';
import { t } from '@/lib/i18n';

export interface FormStatus {
  status: SettingsStatus;
  /** Words next to the fields, by field name. */
  errors: FieldErrors;
  busy(message: string): void;
  done(message: string, report?: ConnectionReport): void;
  /**
   * Connect saved the server `row`: the list's row says "Saved", the form having folded into it. Said by
   * the caller, which knows whether the row is the default now.
   */
  savedRow(row: string, report: ConnectionReport): void;
  /** Clears the status line and the field errors: they spoke of the form before a change. */
  clear(): void;
  /** A failure that belongs to no field (the settings could not be read). */
  failed(message: string): void;
  /** A handler for a failure, said in the status line after `prefix` and next to its field. */
  fail(prefix: string): (error: unknown) => void;
}

/**
 * The form's status line and field errors: what the last Save or Test connection did. Progress and results
 * are said once through the page's live region; a failure is the status line's alert.
 */
export function useFormStatus(): FormStatus {
  const [status, setStatus] = useState<SettingsStatus>({ kind: 'idle' });
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    status,
    errors,
    busy: (message) => {
      setErrors({});
      setStatus({ kind: 'busy', message });
      announce(message);
    },
    done: (message, report) => {
      setStatus({ kind: 'done', message, report });
      announce(message);
    },
    savedRow: (row, report) => setStatus({ kind: 'done', message: t('servers_saved'), report, row }),
    clear: () => {
      setErrors({});
      setStatus({ kind: 'idle' });
    },
    failed: (message) => setStatus({ kind: 'error', message }),
    fail: (prefix) => (error) => {
      const appError = toAppError(error);
      setErrors(fieldMessages(appError));
      setStatus({ kind: 'error', message: t('options_failure', prefix, explain(appError)) });
    },
  };
}
