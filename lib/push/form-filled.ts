/** Whether the form holds anything a person typed or added, which Esc must not wipe unasked (issue 20). */
import type { FormState } from './form-types';

/**
 * True when any kind's content (text, URL, QR text, a Wi-Fi network, files) or a typed option (name, note,
 * e-mail addresses) is filled. The passphrase is left out: a fresh form may hold a generated one.
 */
export function formHasInput(
  state: Pick<FormState, 'payload' | 'url' | 'qrText' | 'wifi' | 'files' | 'options'>,
): boolean {
  const { payload, url, qrText, wifi, files, options } = state;
  return (
    [payload, url, qrText, wifi.ssid, wifi.password, options.name, options.note, options.notifyEmailsTo].some(
      (value) => value.trim() !== '',
    ) || files.length > 0
  );
}
