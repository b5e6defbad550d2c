export interface RevealStepProps {
  busy: boolean;
  onReveal: () => void;
}

/** The retrieval step: nothing is fetched, and no view counted, until the person clicks. */
export function RevealStep({ busy, onReveal }: RevealStepProps) {
  return (
    <section aria-labelledby="reveal-heading">
      <h2 id="reveal-heading">Someone shared a secret with you</h2>
      <p>It may be viewable only a limited number of times. Reveal it when you are ready to read it.</p>
      <button type="button" onClick={onReveal} disabled={busy}>
        {busy ? 'Revealing…' : 'Reveal secret'}
      </button>
    </section>
  );
}
