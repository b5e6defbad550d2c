/**
 * How the options page saves. Every setting applies at once (as in Bitwarden's settings), except the server
 * and its token: those need a host permission and a connection check, so Connect is their one explicit step.
 */
import type { ServerFieldsValue } from '@/components/settings/ServerFields';
import { saveServer, type ConnectionReport } from '@/lib/connection/check';
import { toAppError } from '@/lib/errors';
import type { PushDefaults, TokenPlace } from '@/lib/store/items';
import { saveShownDefaults } from '@/lib/policy/save';
import type { Policy } from '@/lib/policy/types';
import { validateDefaults } from '@/lib/store/defaults';
import { saveDefaults, setTokenPlace } from '@/lib/store/save';
import type { Settings } from '@/lib/store/settings';
import { serverChanged, serverDraft } from './draft';
import { fieldMessages, type FieldErrors } from './errors';

/**
 * Connect: checks the server fields and saves them with their token, leaving demo mode. Synchronous up to
 * the host permission request, which browsers allow only during the click (user gesture): call it straight
 * from the click handler. Any failure rejects, and the saved settings stay as they were.
 */
export function startConnect(server: ServerFieldsValue, makeDefault = true): Promise<ConnectionReport> {
  return saveServer({ ...serverDraft(server), makeDefault });
}

/**
 * The push defaults as typed: saved at once when every field is valid (resolves once written), else the
 * words for each field at fault and nothing saved. Under a policy the fields it sets keep the user's own value.
 */
export function saveDefaultsIfValid(
  defaults: PushDefaults,
  policy?: Policy,
): {
  errors: FieldErrors;
  saving?: Promise<unknown>;
} {
  try {
    const valid = validateDefaults(defaults);
    return { errors: {}, saving: policy ? saveShownDefaults(valid, policy) : saveDefaults(valid) };
  } catch (error) {
    return { errors: fieldMessages(toAppError(error)) };
  }
}

/**
 * Where the token is kept applies at once while the fields hold the saved server and token (it moves the
 * saved token); while they name another server, it waits for Connect, which saves it with them.
 */
export function applyTokenPlace(
  place: TokenPlace,
  fields: ServerFieldsValue,
  saved: Settings,
): Promise<void> | undefined {
  return serverChanged(fields, saved) ? undefined : setTokenPlace(place, {}, saved.server?.url);
}
