/**
 * The watcher names pushes as every page does: lib/push/label.ts, in the extension's UI locale.
 */
import { UI_LOCALE } from '@/lib/format/locale';
import { pushLabel as labelOf, type LabelFacts } from '@/lib/push/label';

/** The label of a push (lib/push/label.ts) in the UI locale. */
export function pushLabel(push: LabelFacts): string {
  return labelOf(push, UI_LOCALE);
}
