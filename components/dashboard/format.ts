/**
 * Words and numbers the dashboard shows, as pure functions of their inputs (the clock comes in as `now`),
 * so the tests need no fake timers.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Time left until `expiresAt`, counting down by the second: "2d 3h 04m 05s", "5h 07m 03s", "7m 03s", "42s".
 * Units above the largest non-zero one are left out; those below it are always shown, so the text keeps
 * its width while it ticks. null when the push has no known end; "0s" once it has passed.
 */
export function formatCountdown(expiresAt: string | null, now: number): string | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  // Ceiling: "1s" is shown during the last second, "0s" only once the time is really up.
  const total = Math.max(0, Math.ceil((at - now) / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m ${pad(seconds)}s`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/** "3 of 5 views left" ("1 of 1 view left"). */
export function viewsLeft(remaining: number, total: number): string {
  return `${remaining} of ${total} ${total === 1 ? 'view' : 'views'} left`;
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
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : new Date(at).toLocaleString(locale);
}
