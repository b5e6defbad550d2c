export interface TokenNoticeProps {
  /** Where the token is added. */
  optionsUrl: string;
}

/** Said while there is no API token (or the watcher found it cannot read views). */
export function TokenNotice({ optionsUrl }: TokenNoticeProps) {
  return (
    <p class="notice" role="note">
      Views need an API token: without one, pushes are tracked by time only.{' '}
      <a href={optionsUrl} target="_blank" rel="noopener">
        Add a token in Settings
      </a>
    </p>
  );
}
