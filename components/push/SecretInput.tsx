import { Fragment, type ComponentChildren } from 'preact';
import { Placed, PLACE } from '@/components/Placed';
import { plural, t } from '@/lib/i18n';
import { charCount } from '@/lib/push/form';
import { described, FieldError } from './FieldError';

export interface SecretInputProps {
  value: string;
  onInput: (value: string) => void;
  errors?: string[];
  /** Shown under the field, e.g. what the recipient will see. */
  hint?: string;
  /**
   * The server's limit in characters. Never a maxLength: a browser would silently cut a longer paste and
   * the push would hold a truncated secret. Validation says "too long" instead; this only shows the count.
   */
  limit?: number;
  /** Laid over the field's end corner (the generator's wand, components/generator/SecretTool.tsx). */
  tool?: ComponentChildren;
}

/** From this share of the limit on, the count is shown. */
const NEAR_LIMIT = 0.8;

/** The count to show, or undefined while the text is well under the limit. */
function nearCount(value: string, limit: number | undefined): number | undefined {
  // The cheap length check first: a megabyte-long secret is not counted on every key press.
  if (limit === undefined || value.length < limit * NEAR_LIMIT) return undefined;
  const count = charCount(value);
  return count < limit * NEAR_LIMIT ? undefined : count;
}

/** Keys drawn as keys, "Shift+Enter". */
function Keys({ keys }: { keys: string[] }) {
  return (
    <>
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 && '+'}
          <kbd>{key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

/** The secret itself: a textarea whose accessible name is exactly "Secret". Never autocompleted or spell-checked. */
export function SecretInput({ value, onInput, errors, hint, limit, tool }: SecretInputProps) {
  const count = nearCount(value, limit);
  const hints = [
    hint ? 'sp-secret-hint' : undefined,
    'sp-secret-keys',
    count !== undefined ? 'sp-secret-count' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const area = (
    <textarea
      id="sp-secret"
      name="payload"
      rows={2}
      // A secret's own direction: a Latin password reads left to right on a right-to-left page.
      dir="auto"
      value={value}
      autocomplete="off"
      spellcheck={false}
      onInput={(e) => onInput(e.currentTarget.value)}
      {...described('payload', errors, hints || undefined)}
    />
  );
  return (
    <div class="sp-field">
      <label for="sp-secret">{t('push_fieldSecret')}</label>
      {tool ? (
        <div class="sp-tooled">
          {area}
          {tool}
        </div>
      ) : (
        area
      )}
      <p id="sp-secret-keys" class="sp-hint">
        <Placed text={t('push_enterCreates', PLACE)}>
          <Keys keys={['Enter']} />
        </Placed>{' '}
        ·{' '}
        <Placed text={t('push_shiftEnterNewLine', PLACE)}>
          <Keys keys={['Shift', 'Enter']} />
        </Placed>
      </p>
      {hint && (
        <p id="sp-secret-hint" class="sp-hint">
          {hint}
        </p>
      )}
      {count !== undefined && limit !== undefined && (
        <p id="sp-secret-count" class={count > limit ? 'sp-error' : 'sp-hint'}>
          {plural('push_charCount', limit, count)}
        </p>
      )}
      <FieldError field="payload" messages={errors} />
    </div>
  );
}
