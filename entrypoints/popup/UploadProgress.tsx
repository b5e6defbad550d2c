/**
 * The upload's progress and Cancel. Once the whole body is sent (fraction 1) the server may already be
 * creating the push, and aborting could not stop that: a "Cancelled." then would be wrong, the push would go
 * unrecorded and Create again would make a second one. So from then on there is nothing to cancel and the
 * server's answer decides.
 */
export function UploadProgress({
  fraction,
  onCancel,
}: {
  fraction: number | undefined;
  onCancel: () => void;
}) {
  const sent = fraction !== undefined && fraction >= 1;
  return (
    <>
      {fraction !== undefined && (
        <progress aria-label="Upload progress" max={1} value={fraction}>
          {Math.round(fraction * 100)} %
        </progress>
      )}
      {sent ? (
        <button type="button" disabled>
          Waiting for the server…
        </button>
      ) : (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </>
  );
}
