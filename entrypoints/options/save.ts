/**
 * How the options page saves. Every setting applies at once (as in Bitwarden's settings), except the server
 * and its token: those need a host permission and a connection check, so Connect is their one explicit step.
 * Every save goes through lib/settings' one save, which applies the policy to it.
 */
import { saveServer, type ConnectionReport } from '@/lib/connection';
import { toAppError } from '@/lib/errors';
import {
  fieldsChanged,
  saveSettings,
  typedUrl,
  type PushDefaults,
  type ServerForm,
  type Settings,
  type TokenPlace,
} from '@/lib/settings';
import { saveDefaults, validateDefaults } from '@/lib/settings/defaults';
import { fieldMessages, type FieldErrors } from './errors';

/**
 * Connect: checks the server fields and saves them with their token, leaving demo mode. Synchronous up to
 * the host permission request, which browsers allow only during the click (user gesture): call it straight
 * from the click handler. Any failure rejects, and the saved settings stay as they were.
 */
export function startConnect(form: ServerForm): Promise<ConnectionReport> {
  const { token, tokenPlace } = form.fields;
  return saveServer({ url: typedUrl(form.fields), token, tokenPlace });
}

/**
 * The push defaults as typed: saved at once when every field is valid (resolves once written), else the
 * words for each field at fault and nothing saved. Fields the organization sets keep the user's own value.
 */
export function saveDefaultsIfValid(defaults: PushDefaults): {
  errors: FieldErrors;
  saving?: Promise<unknown>;
} {
  try {
    return { errors: {}, saving: saveDefaults(validateDefaults(defaults)) };
  } catch (error) {
    return { errors: fieldMessages(toAppError(error)) };
  }
}

/**
 * Where the token is kept applies at once while the fields hold their saved server and token (it moves the
 * saved token); while they name another server or token, it waits for Connect, which saves it with them.
 */
export function applyTokenPlace(
  place: TokenPlace,
  form: ServerForm,
  saved: Settings,
): Promise<void> | undefined {
  if (form.source === null || fieldsChanged(form, saved)) return undefined;
  return saveSettings({ type: 'tokenPlace', url: form.source, place });
}
