/**
 * Words and numbers the dashboard shows, as pure functions of their inputs (the clock comes in as `now`),
 * so the tests need no fake timers. The formatting itself is lib/format's.
 */
import { formatDuration } from '@/lib/format/duration';
import { uiLocale } from '@/lib/i18n';
import { formatDateTime, secondsUntil } from '@/lib/format/time';

/**
 * Time left until `expiresAt`, counting down by the second: "2d 3h 04m 05s", "5h 07m 03s", "7m 03s", "42s"
 * (lib/format's 'clock' style). null when the push has no known end; "0s" once it has passed.
 */
export function formatCountdown(expiresAt: string | null, now: number): string | null {
  const seconds = secondsUntil(expiresAt, now);
  return seconds === undefined ? null : formatDuration(seconds, { locale: uiLocale(), style: 'clock' });
}

/** Audit log kinds in words; an unknown kind is shown as the server sent it. */
const AUDIT_KINDS: Record<string, string> = {
  creation: 'Created',
  creation_email_send: 'Notification email sent',
  view: 'Viewed',
  expire: 'Expired',
  failed_passphrase: 'Wrong passphrase',
  failed_view: 'Failed view',
};

export function auditKindWords(kind: string): string {
  return AUDIT_KINDS[kind] ?? kind;
}

/** A timestamp in the reader's locale; the raw text when it does not parse. */
export function formatTime(iso: string, locale?: string): string {
  return formatDateTime(iso, locale);
}
