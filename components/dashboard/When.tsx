import { uiLocale } from '@/lib/i18n';
import { formatRelative } from '@/lib/format/relative';
import { formatTime } from './format';

export interface WhenProps {
  /** ISO instant. */
  at: string;
  /** The page's clock (ms), which moves once a minute. */
  now: number;
  /** The instant has happened (lib/format/relative.ts): never "in 1 minute" while the clock lags behind it. */
  past?: boolean;
}

/** An instant as people say it ("in 6 days", "2 minutes ago"), with the exact date and time on hover. */
export function When({ at, now, past = false }: WhenProps) {
  return (
    <time dateTime={at} title={formatTime(at)}>
      {formatRelative(at, now, uiLocale(), { past })}
    </time>
  );
}
