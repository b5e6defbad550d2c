import { plural, t } from '@/lib/i18n';
import type { PolicyNote } from '@/lib/settings';

export interface PolicyNoticeProps {
  /** The organization sets at least one setting. */
  managed: boolean;
  /** The values of its policy that were ignored (not valid), as lib/settings/policy-parse.ts noted them. */
  notes: readonly PolicyNote[];
  /** How many more values were ignored than `notes` lists (lib/settings/policy-parse.ts keeps the first few). */
  notesLeftOff?: number;
}

/** A key or value as the administrator wrote it, kept left to right inside a right-to-left sentence. */
const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * The top of the settings page under an organization's policy: that some settings are its to set, and
 * which of its values were ignored, so the person can tell their administrator. Nothing without a policy.
 */
export function PolicyNotice({ managed, notes, notesLeftOff = 0 }: PolicyNoticeProps) {
  if (!managed && notes.length === 0) return null;
  return (
    <section class="policy-notice" aria-labelledby={managed ? 'policy-managed' : 'policy-ignored'}>
      {managed && <p id="policy-managed">{t('policy_managed')}</p>}
      {notes.length > 0 && (
        <>
          <h2 id="policy-ignored">{t('policy_ignoredTitle')}</h2>
          <p class="help">{t('policy_ignoredHelp')}</p>
          <ul>
            {/* By position: a key cut short may read like another one. */}
            {notes.map((note, index) => (
              <li key={index}>{t('policy_ignoredValue', isolated(note.key), isolated(note.value))}</li>
            ))}
          </ul>
          {notesLeftOff > 0 && <p class="help">{plural('policy_ignoredMore', notesLeftOff)}</p>}
        </>
      )}
    </section>
  );
}

/** The line under a field whose value the organization sets (the field itself is disabled). */
export function ManagedNote({ id, text }: { id?: string; text?: string }) {
  return (
    <p id={id} class="help managed-note">
      {text ?? t('policy_setByOrganization')}
    </p>
  );
}
