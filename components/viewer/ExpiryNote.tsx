import { expiresIn, type LifeFacts } from '@/lib/format/lifetime';
import { uiLocale } from '@/lib/i18n';

/** "It expires in 6 days at the latest.", the exact time on hover; nothing when the time is unknown. */
export function ExpiryNote({ facts, now }: { facts: LifeFacts; now: number }) {
  const at = expiresIn(facts, now, uiLocale());
  if (!at) return null;
  return (
    <p class="expiry">
      It expires{' '}
      <time dateTime={facts.expires_at ?? undefined} title={at.exact}>
        {at.words}
      </time>{' '}
      at the latest.
    </p>
  );
}
