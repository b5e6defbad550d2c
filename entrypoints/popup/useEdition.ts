import { useEffect } from 'preact/hooks';
import type { FormAction } from '@/lib/push/form';
import { chosenServer } from './chosen';
import type { PopupContext } from './context';

/**
 * The edition decides the expiry choices. It was saved with the server when it was checked; only when it
 * was not is the server asked now (which loads the API client at open).
 */
export function useEdition(
  context: PopupContext | undefined,
  dispatch: (action: FormAction) => void,
  report: (error: unknown) => void,
): void {
  useEffect(() => {
    if (!context || context.edition) return;
    import('./connect')
      .then(({ detectEdition }) => detectEdition(chosenServer()))
      .then((edition) => dispatch({ type: 'context', edition, signedIn: context.signedIn }), report);
  }, [context]);
}
