import { t } from '@/lib/i18n';

export interface TokenNoticeProps {
  /** Where the token is added. */
  optionsUrl: string;
}

/** Said while there is no API token (or the watcher found it cannot read views). */
export function TokenNotice({ optionsUrl }: TokenNoticeProps) {
  return (
    <p class="notice" role="note">
      {t('dash_tokenNotice')}{' '}
      <a href={optionsUrl} target="_blank" rel="noopener">
        {t('dash_tokenAdd')}
      </a>
    </p>
  );
}
