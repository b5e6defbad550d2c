export interface GoneNoticeProps {
  reason: 'gone' | 'deleted';
}

/** The end state for a push that has expired, never existed, or was just deleted. */
export function GoneNotice({ reason }: GoneNoticeProps) {
  return (
    <section class="card" role="status" aria-labelledby="gone-heading">
      <h2 id="gone-heading">
        {reason === 'deleted' ? 'This secret has been deleted' : 'This secret has expired or does not exist'}
      </h2>
      <p>
        {reason === 'deleted'
          ? 'Nobody can view it any more.'
          : 'It may have been viewed the allowed number of times, reached its expiry date or been deleted. Ask the sender for a new link.'}
      </p>
    </section>
  );
}
