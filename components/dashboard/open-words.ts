/**
 * What opening a push's own page costs, said before it is opened: without a retrieval step the page shows
 * the secret at once and uses a view, so the sender may burn the recipient's only one.
 */
import { uiLocale } from '@/lib/i18n';
import { viewCount } from '@/lib/format/views';
import type { TrackedPush } from '@/lib/watch/types';

type Facts = Pick<TrackedPush, 'views_remaining' | 'expire_after_views' | 'retrieval_step' | 'source'>;

/** The confirmation's sentence for opening `push`'s page in this browser. */
export function openWarning(push: Facts): string {
  const when = push.retrieval_step
    ? 'The page asks before it shows the secret; revealing it there'
    : 'Opening the page shows the secret and';
  if (push.source === 'local')
    return `${when} uses one of its views (up to ${viewCount(push.expire_after_views, uiLocale())}). Preview shows the link without using one.`;
  if (push.views_remaining <= 1)
    return `${when} uses its last view: the recipient will find it expired. Preview shows the link without using one.`;
  return `${when} uses one of the ${viewCount(push.views_remaining, uiLocale())} left. Preview shows the link without using one.`;
}
