import { CheckField } from '@/components/CheckField';
import { NumberSelect } from './fields';
import { SavedNote } from './SavedNote';
import { WATCH_INTERVALS, type WatchSettings } from '@/lib/store/items';

export interface WatchFieldsProps {
  value: WatchSettings;
  onChange: (patch: Partial<WatchSettings>) => void;
  /** A change was just saved: the section says so quietly. */
  saved?: boolean;
}

const intervalLabel = (minutes: number) => (minutes === 1 ? 'Every minute' : `Every ${minutes} minutes`);

/** How the extension watches the user's pushes: how often, whether it notifies, what the badge counts. */
export function WatchFields({ value, onChange, saved }: WatchFieldsProps) {
  return (
    <fieldset>
      <legend>Watching your pushes</legend>
      <SavedNote saved={Boolean(saved)} />
      <div class="field">
        <label for="watch-interval">Check for views</label>
        <NumberSelect
          id="watch-interval"
          value={value.intervalMinutes}
          choices={WATCH_INTERVALS}
          label={intervalLabel}
          onChange={(intervalMinutes) => onChange({ intervalMinutes })}
        />
      </div>
      <CheckField checked={value.notifications} onChange={(notifications) => onChange({ notifications })}>
        Notify me when a push is viewed, expires or is deleted
      </CheckField>
      <div class="field" role="radiogroup" aria-labelledby="watch-badge-label">
        <span id="watch-badge-label">The toolbar badge shows</span>
        <label class="check">
          <input
            type="radio"
            name="watch-badge"
            checked={value.badge === 'unseen'}
            onChange={() => onChange({ badge: 'unseen' })}
          />
          New events I have not seen
        </label>
        <label class="check">
          <input
            type="radio"
            name="watch-badge"
            checked={value.badge === 'active'}
            onChange={() => onChange({ badge: 'active' })}
          />
          Active pushes
        </label>
      </div>
    </fieldset>
  );
}
