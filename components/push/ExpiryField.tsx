import { DAYS_MAX, DAYS_MIN, DURATIONS } from '@/lib/durations';
import type { FieldErrors } from '@/lib/errors';
import type { FormOptions } from '@/lib/push/form';
import type { Edition } from '@/lib/push/types';
import { SelectField, type Choice } from './OptionFields';

const DURATION_CHOICES: Choice[] = DURATIONS.map((d) => ({ value: String(d.value), label: d.label }));
const DAY_CHOICES: Choice[] = Array.from({ length: DAYS_MAX - DAYS_MIN + 1 }, (_, i) => {
  const days = DAYS_MIN + i;
  return { value: String(days), label: days === 1 ? '1 day' : `${days} days` };
});

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
      label="Expiry"
      value={String(pro ? options.expireAfterDuration : options.expireAfterDays)}
      choices={pro ? DURATION_CHOICES : DAY_CHOICES}
      errors={errors[field]}
      onChange={(value) =>
        onChange(pro ? { expireAfterDuration: Number(value) } : { expireAfterDays: Number(value) })
      }
    />
  );
}
