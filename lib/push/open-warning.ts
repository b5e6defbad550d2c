/**
 * What opening a push's own page costs, said before it is opened, in the popup's preview and the dashboard
 * alike: without a retrieval step the page shows the secret at once and uses a view, so the sender may burn
 * the recipient's only one.
 */
import { plural, t } from '@/lib/i18n';

/** What a push (just created, or tracked by the watcher) tells about the views opening it would use. */
export interface OpenFacts {
  views_remaining: number;
  expire_after_views: number;
  retrieval_step: boolean;
  /** 'local': tracked by time only (no token), so the views left are not known, only the limit. */
  source?: string;
}

function cost(push: OpenFacts): string {
  const step = push.retrieval_step;
  if (push.source === 'local')
    return plural(step ? 'push_openStepUsesUpTo' : 'push_openUsesUpTo', push.expire_after_views);
  if (push.views_remaining <= 1) return t(step ? 'push_openStepUsesLast' : 'push_openUsesLast');
  return plural(step ? 'push_openStepUsesOneOf' : 'push_openUsesOneOf', push.views_remaining);
}

/**
 * The sentence before opening `push`'s page: whether the page shows the secret at once or asks first, and
 * which of its views that uses (its last one said as such). `previewOffered` adds that the list's Preview
 * shows the link without using one.
 */
export function openWarning(push: OpenFacts, { previewOffered = false } = {}): string {
  return previewOffered ? `${cost(push)} ${t('push_previewUsesNoView')}` : cost(push);
}
