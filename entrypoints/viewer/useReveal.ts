/** The push viewer's reveal: one request through the demo service's page route, and the step it leads to. */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { viewsAfterReveal } from '@/lib/format/lifetime';
import { t } from '@/lib/i18n';
import { pageFacts, revealThroughPage } from './api';
import {
  beforeRevealState,
  busyState,
  failedState,
  revealedState,
  type RevealAttempt,
  type RevealState,
} from './reveal-state';

export interface Reveal {
  state: RevealState;
  retrieve: (attempt?: RevealAttempt) => Promise<void>;
  /** The recipient deleted the push. */
  deleted: () => void;
}

export function useReveal(urlToken: string, retrievalStep: boolean): Reveal {
  // Asked once, before or alongside the reveal; it never fails (undefined when unknown) and counts no view.
  const facts = useMemo(() => pageFacts(urlToken), [urlToken]);
  const [state, setState] = useState<RevealState>(
    retrievalStep ? { step: 'checking' } : { step: 'reveal', busy: true },
  );

  const retrieve = useCallback(
    async (attempt: RevealAttempt = {}) => {
      setState(busyState);
      try {
        // Through the page route, not the API: a first try without a passphrase must log no failure.
        const [push, info] = await Promise.all([revealThroughPage(urlToken, attempt), facts]);
        const next = revealedState(push, info?.kind ?? undefined);
        setState(next);
        // Focus lands on the shown secret (ShownPush); the live region says it is there, never what it is.
        if (next.step === 'shown')
          announce(`${t('viewer_revealed')} ${viewsAfterReveal(push.views_remaining)}`);
      } catch (error) {
        setState(failedState(error, attempt));
      }
    },
    [urlToken, facts],
  );

  useEffect(() => {
    // Without a retrieval step the page itself is the reveal, as on the server's recipient page.
    if (!retrievalStep) {
      void retrieve();
      return;
    }
    // With one, an expired push says so before any Reveal is offered.
    let current = true;
    void facts.then((info) => current && setState(beforeRevealState(info)));
    return () => {
      current = false;
    };
  }, [retrieve, retrievalStep, facts]);

  const deleted = useCallback(() => setState({ step: 'gone', reason: 'deleted' }), []);
  return { state, retrieve, deleted };
}
