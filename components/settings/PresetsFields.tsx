import { DAYS_MAX, DAYS_MIN, DURATIONS, durationLabel, VIEWS_MAX, VIEWS_MIN } from '@/lib/durations';
import type { Preset } from '@/lib/settings';
import { CheckField } from '@/components/CheckField';
import { NumberField } from './fields';
import { SavedNote } from './SavedNote';
import { t, uiLocale } from '@/lib/i18n';

/** One preset as its row shows it. */
export interface PresetRowView {
  id: string;
  name: string;
  /** Its expiry and views in words. */
  summary: string;
  /** Why the default server or the organization cannot honour it; absent: it can be used. */
  problem?: string;
  /** The organization's: no Edit, no Move, no Remove. */
  locked: boolean;
  first: boolean;
  canUp: boolean;
  canDown: boolean;
  canRemove: boolean;
}

export interface PresetsFieldsProps {
  rows: readonly PresetRowView[];
  /** The preset whose fields are open; null: none. */
  editing: Preset | null;
  /** Edition of the default server; both expiry fields are shown while it is unknown. */
  edition?: 'pro' | 'oss';
  errors: Partial<Record<string, string>>;
  saved?: boolean;
  onAdd: () => void;
  onEdit: (id: string) => void;
  onChange: (patch: Partial<Preset>) => void;
  onCancel: () => void;
  onCommit: () => void;
  onMove: (id: string, by: -1 | 1) => void;
  onRemove: (id: string) => void;
}

type PartProps = Pick<PresetsFieldsProps, 'edition' | 'errors' | 'onChange'> & { value: Preset };

/** The preset's expiry: the duration on Pro, the days on an open-source server, both while not known. */
function PresetExpiry({ value, edition, errors, onChange }: PartProps) {
  return (
    <>
      {edition !== 'oss' && (
        <div class="field">
          <label for="preset-duration">
            {t(edition === 'pro' ? 'settings_expireAfter' : 'settings_expireAfterPro')}
          </label>
          <select
            id="preset-duration"
            value={String(value.expireAfterDuration ?? '')}
            onChange={(e) => onChange({ expireAfterDuration: Number(e.currentTarget.value) })}
          >
            {value.expireAfterDuration === undefined && <option value="" />}
            {DURATIONS.map((d) => (
              <option key={d.value} value={String(d.value)}>
                {durationLabel(d.value, uiLocale())}
              </option>
            ))}
          </select>
          {errors.expireAfterDuration && <p class="field-error">{errors.expireAfterDuration}</p>}
        </div>
      )}
      {edition !== 'pro' && (
        <NumberField
          id="preset-days"
          label={t(edition === 'oss' ? 'settings_expireAfterDays' : 'settings_expireAfterDaysOss')}
          min={DAYS_MIN}
          max={DAYS_MAX}
          value={value.expireAfterDays ?? Number.NaN}
          error={errors.expireAfterDays}
          onChange={(expireAfterDays) => onChange({ expireAfterDays })}
        />
      )}
    </>
  );
}

/** The preset's notification e-mails and note. */
function PresetTexts({ value, errors, onChange }: PartProps) {
  return (
    <>
      <div class="field">
        <label for="preset-emails">{t('preset_notifyEmails')}</label>
        <input
          id="preset-emails"
          type="text"
          inputMode="email"
          value={value.notifyEmails}
          aria-invalid={errors.notifyEmails ? true : undefined}
          onInput={(e) => onChange({ notifyEmails: e.currentTarget.value })}
        />
        {errors.notifyEmails && <p class="field-error">{errors.notifyEmails}</p>}
      </div>
      <div class="field">
        <label for="preset-note">{t('preset_note')}</label>
        <input
          id="preset-note"
          value={value.note}
          aria-invalid={errors.note ? true : undefined}
          onInput={(e) => onChange({ note: e.currentTarget.value })}
        />
        {errors.note && <p class="field-error">{errors.note}</p>}
      </div>
    </>
  );
}

/** The fields of the preset being made or edited. */
function PresetEditor(
  props: Pick<PresetsFieldsProps, 'edition' | 'errors' | 'onChange' | 'onCancel' | 'onCommit'> & {
    value: Preset;
  },
) {
  const { value, edition, errors, onChange } = props;
  return (
    <form
      class="preset-editor"
      onSubmit={(event) => {
        event.preventDefault();
        props.onCommit();
      }}
    >
      <div class="field">
        <label for="preset-name">{t('preset_name')}</label>
        <input
          id="preset-name"
          value={value.name}
          aria-invalid={errors.name ? true : undefined}
          onInput={(e) => onChange({ name: e.currentTarget.value })}
        />
        {errors.name && <p class="field-error">{errors.name}</p>}
      </div>
      <PresetExpiry value={value} edition={edition} errors={errors} onChange={onChange} />
      <NumberField
        id="preset-views"
        label={t('settings_expireAfterViews')}
        min={VIEWS_MIN}
        max={VIEWS_MAX}
        value={value.expireAfterViews}
        error={errors.expireAfterViews}
        onChange={(expireAfterViews) => onChange({ expireAfterViews })}
      />
      <CheckField checked={value.retrievalStep} onChange={(retrievalStep) => onChange({ retrievalStep })}>
        {t('settings_retrievalStep')}
      </CheckField>
      <CheckField
        checked={value.deletableByViewer}
        onChange={(deletableByViewer) => onChange({ deletableByViewer })}
      >
        {t('settings_deletableByViewer')}
      </CheckField>
      <CheckField checked={value.passphrase} onChange={(passphrase) => onChange({ passphrase })}>
        {t('settings_askPassphrase')}
      </CheckField>
      <PresetTexts value={value} errors={errors} onChange={onChange} />
      {errors.presets && <p class="field-error">{errors.presets}</p>}
      <div class="actions">
        <button type="submit" class="primary">
          {t('preset_save')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('preset_cancel')}
        </button>
      </div>
    </form>
  );
}

/** One preset's row: its name and words, and its buttons unless the organization's. */
function PresetItem({
  row,
  editing,
  onMove,
  onEdit,
  onRemove,
}: Pick<PresetsFieldsProps, 'onMove' | 'onEdit' | 'onRemove'> & { row: PresetRowView; editing: boolean }) {
  return (
    <li class={editing ? 'preset editing' : 'preset'}>
      <div class="preset-text">
        <strong>{row.name}</strong>
        <span class="help">{row.summary}</span>
        {row.first && <span class="help">{t('preset_first')}</span>}
        {row.locked && <span class="help managed-note">{t('preset_locked')}</span>}
        {row.problem && <span class="field-error">{row.problem}</span>}
      </div>
      {!row.locked && (
        <span class="preset-actions">
          <button
            type="button"
            disabled={!row.canUp}
            aria-label={`${t('preset_moveUp')}: ${row.name}`}
            title={t('preset_moveUp')}
            onClick={() => onMove(row.id, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={!row.canDown}
            aria-label={`${t('preset_moveDown')}: ${row.name}`}
            title={t('preset_moveDown')}
            onClick={() => onMove(row.id, 1)}
          >
            ↓
          </button>
          <button
            type="button"
            aria-label={`${t('preset_edit')}: ${row.name}`}
            onClick={() => onEdit(row.id)}
          >
            {t('preset_edit')}
          </button>
          {row.canRemove && (
            <button
              type="button"
              class="danger"
              aria-label={`${t('preset_remove')}: ${row.name}`}
              onClick={() => onRemove(row.id)}
            >
              {t('preset_remove')}
            </button>
          )}
        </span>
      )}
    </li>
  );
}

/**
 * The presets section (issue 39 §1): every preset in force in order, the first marked as the defaults, the
 * organization's marked as set by it (no buttons), one the default server or the policy cannot honour
 * saying why; Edit opens its fields below the list, Add preset a new one's.
 */
export function PresetsFields(props: PresetsFieldsProps) {
  const { rows, editing, saved } = props;
  return (
    <fieldset class="presets">
      <legend>{t('preset_rowLabel')}</legend>
      <SavedNote saved={Boolean(saved)} />
      <p class="help">{t('preset_help')}</p>
      <ol class="preset-list">
        {rows.map((row) => (
          <PresetItem
            key={row.id}
            row={row}
            editing={editing?.id === row.id}
            onMove={props.onMove}
            onEdit={props.onEdit}
            onRemove={props.onRemove}
          />
        ))}
      </ol>
      {editing ? (
        <PresetEditor
          value={editing}
          edition={props.edition}
          errors={props.errors}
          onChange={props.onChange}
          onCancel={props.onCancel}
          onCommit={props.onCommit}
        />
      ) : (
        <div class="actions">
          <button type="button" onClick={props.onAdd}>
            {t('preset_add')}
          </button>
          {props.errors.presets && <p class="field-error">{props.errors.presets}</p>}
        </div>
      )}
    </fieldset>
  );
}
