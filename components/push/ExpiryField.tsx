import { DAYS_MAX, DAYS_MIN, DURATIONS, durationLabel } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import { formatDays } from '@/lib/format/duration';
import { t, uiLocale } from '@/lib/i18n';
import type { FormOptions } from '@/lib/push/form';
import type { Edition } from '@/lib/api';
import { SelectField, type Choice } from './OptionFields';

/** pro's duration table, each named as people say the length in the UI language ("1 week", "1 Woche"). */
function durationChoices(locale: string): Choice[] {
  return DURATIONS.map((d) => ({ value: String(d.value), label: durationLabel(d.value, locale) }));
}

/** oss's number of days, never turned into weeks: the server counts days. */
function dayChoices(locale: string): Choice[] {
  return Array.from({ length: DAYS_MAX - DAYS_MIN + 1 }, (_, i) => {
    const days = DAYS_MIN + i;
    return { value: String(days), label: formatDays(days, locale) };
  });
}

/** Expiry in the edition's terms: pro's duration table, or oss's number of days. */
export function ExpiryField(props: {
  edition: Edition;
  options: FormOptions;
  errors: FieldErrors;
  onChange: (patch: Partial<FormOptions>) => void;
}) {
  const { edition, options, errors, onChange } = props;
  const pro = edition === 'pro';
  const field = pro ? 'expire_after_duration' : 'expire_after_days';
  return (
    <SelectField
      id="sp-expiry"
      field={field}
      label={t('push_fieldExpiry')}
      value={String(pro ? options.expireAfterDuration : options.expireAfterDays)}
      choices={pro ? durationChoices(uiLocale()) : dayChoices(uiLocale())}
      errors={errors[field]}
      onChange={(value) =>
        onChange(pro ? { expireAfterDuration: Number(value) } : { expireAfterDays: Number(value) })
      }
    />
  );
}
