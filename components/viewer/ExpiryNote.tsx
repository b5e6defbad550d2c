import { expiresIn, type LifeFacts } from '@/lib/format/lifetime';
import { t, uiLocale } from '@/lib/i18n';
import { Placed, PLACE } from '@/components/Placed';

/** "It expires in 6 days at the latest.", the exact time on hover; nothing when the time is unknown. */
export function ExpiryNote({ facts, now }: { facts: LifeFacts; now: number }) {
  const at = expiresIn(facts, now, uiLocale());
  if (!at) return null;
  return (
    <p class="expiry">
      <Placed text={t('viewer_expiresAtLatest', PLACE)}>
        <time dateTime={facts.expires_at ?? undefined} title={at.exact}>
          {at.words}
        </time>
      </Placed>
    </p>
  );
}
