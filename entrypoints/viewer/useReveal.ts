/** The push viewer's reveal: one request through the demo service's page route, and the step it leads to. */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { pageKind, revealThroughPage } from './api';
import { busyState, failedState, revealedState, type RevealAttempt, type RevealState } from './reveal-state';

export interface Reveal {
  state: RevealState;
  retrieve: (attempt?: RevealAttempt) => Promise<void>;
  /** The recipient deleted the push. */
  deleted: () => void;
}

export function useReveal(urlToken: string, retrievalStep: boolean): Reveal {
  // Asked once, alongside the reveal; it never fails (undefined when unknown) and counts no view.
  const kindOfPush = useMemo(() => pageKind(urlToken), [urlToken]);
  const [state, setState] = useState<RevealState>({ step: 'reveal', busy: !retrievalStep });

  const retrieve = useCallback(
    async (attempt: RevealAttempt = {}) => {
      setState(busyState);
      try {
        // Through the page route, not the API: a first try without a passphrase must log no failure.
        const [push, kind] = await Promise.all([revealThroughPage(urlToken, attempt), kindOfPush]);
        setState(revealedState(push, kind));
      } catch (error) {
        setState(failedState(error, attempt));
      }
    },
    [urlToken, kindOfPush],
  );

  // Without a retrieval step the page itself is the reveal, as on the server's recipient page.
  useEffect(() => {
    if (!retrievalStep) void retrieve();
  }, [retrieve, retrievalStep]);

  const deleted = useCallback(() => setState({ step: 'gone', reason: 'deleted' }), []);
  return { state, retrieve, deleted };
}
