import { expiresIn, type LifeFacts } from '@/lib/format/lifetime';
import { uiLocale } from '@/lib/i18n';
import { Around } from '@/components/dashboard/Around';

/** "It expires in 6 days at the latest.", the exact time on hover; nothing when the time is unknown. */
export function ExpiryNote({ facts, now }: { facts: LifeFacts; now: number }) {
  const at = expiresIn(facts, now, uiLocale());
  if (!at) return null;
  return (
    <p class="expiry">
      <Around message="viewer_expiresAtLatest">
        <time dateTime={facts.expires_at ?? undefined} title={at.exact}>
          {at.words}
        </time>
      </Around>
    </p>
  );
}
