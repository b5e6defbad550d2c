/** A push was created but its link is not one the extension hands on (lib/push/link.ts): say so instead. */
export function LinkRefused({ reason, onNew }: { reason: string; onNew?: () => void }) {
  return (
    <section class="sp-result" aria-labelledby="sp-result-title">
      <h2 id="sp-result-title">Push created</h2>
      <p role="alert" class="sp-warning">
        {reason} The link was not opened or copied: check the server settings before you share it.
      </p>
      {onNew && (
        <button type="button" onClick={onNew}>
          New push
        </button>
      )}
    </section>
  );
}
