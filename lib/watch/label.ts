/**
 * The watcher names pushes as every page does: lib/push/label.ts, in the extension's UI locale.
 */
import { uiLocale } from '@/lib/i18n';
import { pushLabel as labelOf, type LabelFacts } from '@/lib/push/label';

/** The label of a push (lib/push/label.ts) in the UI locale. */
export function pushLabel(push: LabelFacts): string {
  return labelOf(push, uiLocale());
}
