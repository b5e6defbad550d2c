/**
 * The shapes of the create form (index.ts): its state, its options and the actions its reducer takes.
 */
import type { PushKind } from '@/lib/contract';
import type { AppErrorData, FieldErrors } from '@/lib/errors';
import type { PushDefaults } from '@/lib/settings';
import type { Edition } from '@/lib/api';
import type { WifiConfig } from './wifi';

export type SendStatus = 'idle' | 'sending' | 'done' | 'failed';
export type QrSource = 'text' | 'wifi';

export interface NewFile {
  name: string;
  size: number;
  type: string;
  data: Blob;
}
export interface FileEntry extends NewFile {
  id: number;
}

export interface FormOptions {
  expireAfterDuration: number;
  expireAfterDays: number;
  expireAfterViews: number;
  passphrase: string;
  name: string;
  note: string;
  deletableByViewer: boolean;
  retrievalStep: boolean;
  notifyEmailsTo: string;
  notifyEmailsToLocale: string;
  authenticatedRecipients: boolean;
}

export interface FormInit {
  defaults: PushDefaults;
  edition: Edition;
  signedIn: boolean;
  /** A generated passphrase, when the defaults ask for one (the reducer has no randomness of its own). */
  passphrase?: string;
  /** The kinds offered (an organization's policy may allow fewer); every kind when absent. */
  kinds?: readonly PushKind[];
  /** The first preset's notification e-mails and note (issue 39): a fresh form starts with them. */
  presetText?: PresetText;
  /**
   * The server's code for the UI language when it writes e-mails in it (init.ts emailLocaleFor): the notification
   * e-mails' default language. Absent: English, the server's own default.
   */
  emailLocale?: string;
}

/** The options of a preset that the push defaults lack: a fresh form (and New push) starts with them. */
export interface PresetText {
  notifyEmailsTo: string;
  note: string;
}

export interface FormState {
  edition: Edition;
  signedIn: boolean;
  defaults: PushDefaults;
  /** FormInit's presetText, kept so a reset starts from it again. */
  presetText?: PresetText;
  /** FormInit's emailLocale, kept so a reset starts from it again. */
  emailLocale?: string;
  kind: PushKind;
  /** The kinds offered, the first one chosen on a fresh form; every kind when absent. */
  kinds?: readonly PushKind[];
  /** The text secret. Each kind keeps its own value, so switching tabs loses nothing. */
  payload: string;
  url: string;
  qrSource: QrSource;
  qrText: string;
  wifi: WifiConfig;
  files: FileEntry[];
  nextFileId: number;
  options: FormOptions;
  /** Keyed by wire field names (see validate.ts); `base` for the whole form. */
  errors: FieldErrors;
  status: SendStatus;
  /** The last send's failure as data; describeError() turns it into words. */
  failure: AppErrorData | null;
  /** Grows by one for each accepted submit. */
  submission: number;
  /** Set while the saved settings are still being read (init.ts, pendingForm): no submit is accepted yet. */
  pending?: true;
  /** A submit made while pending, made once the settings arrive. */
  submitQueued?: true;
}

export type FormAction =
  | { type: 'context'; edition: Edition; signedIn: boolean }
  /** The saved settings have been read: the pending form takes them, keeping what was typed meanwhile. */
  | { type: 'settings'; init: FormInit }
  | { type: 'kind'; kind: PushKind }
  | { type: 'payload'; value: string }
  | { type: 'url'; value: string }
  | { type: 'qrSource'; source: QrSource }
  | { type: 'qrText'; value: string }
  | { type: 'wifi'; patch: Partial<WifiConfig> }
  | { type: 'addFiles'; files: NewFile[] }
  | { type: 'removeFile'; id: number }
  | { type: 'options'; patch: Partial<FormOptions> }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'failed'; error: AppErrorData }
  | { type: 'reset'; passphrase?: string };
