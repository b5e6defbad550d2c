/**
 * Words and numbers the dashboard shows, as pure functions of their inputs (the clock comes in as `now`),
 * so the tests need no fake timers. The formatting itself is lib/format's.
 */
import { formatDuration } from '@/lib/format/duration';
import { t, uiLocale, type MessageKey } from '@/lib/i18n';
import { formatDateTime, secondsUntil, shortTime as shortTimeIn } from '@/lib/format/time';

/**
 * Time left until `expiresAt`, counting down by the second: "2d 3h 04m 05s", "5h 07m 03s", "7m 03s", "42s"
 * (lib/format's 'clock' style). null when the push has no known end; "0s" once it has passed.
 */
export function formatCountdown(expiresAt: string | null, now: number): string | null {
  const seconds = secondsUntil(expiresAt, now);
  return seconds === undefined ? null : formatDuration(seconds, { locale: uiLocale(), style: 'clock' });
}

/** Audit log kinds in words; an unknown kind is shown as the server sent it. */
const AUDIT_KINDS: Record<string, MessageKey> = {
  creation: 'dash_auditCreation',
  creation_email_send: 'dash_auditEmailSent',
  view: 'dash_auditView',
  expire: 'dash_auditExpire',
  failed_passphrase: 'dash_auditFailedPassphrase',
  failed_view: 'dash_auditFailedView',
};

export function auditKindWords(kind: string): string {
  const key = Object.hasOwn(AUDIT_KINDS, kind) ? AUDIT_KINDS[kind] : undefined;
  return key ? t(key) : kind;
}

/** A short time for a row in the UI language (lib/format/time.ts shortTime): "10:42", "Nov 27, 10:42". */
export function shortTime(iso: string, now: number, locale: string = uiLocale()): string {
  return shortTimeIn(iso, now, locale);
}

/** A timestamp in the UI language (uiLocale: the messages' language, not the browser's); raw when unparsable. */
export function formatTime(iso: string, locale: string = uiLocale()): string {
  return formatDateTime(iso, locale);
}
