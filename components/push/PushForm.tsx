import type { ComponentChildren } from 'preact';
import { SettingsLinked } from '../SettingsLinked';
import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '../announce';
import { formLabel } from '@/lib/push/label';
import { formHasInput, type FormAction, type FormState } from '@/lib/push/form';
import type { PassphraseStyle } from '@/lib/generator/passphrase';
import { QR_MAX_CHARS, TEXT_MAX_CHARS } from '@/lib/contract';
import { t, uiLocale } from '@/lib/i18n';
import { FieldError } from './FieldError';
import { GuardLine } from './GuardLine';
import { useSendingDrawn } from './useSendingDrawn';
import { onDemand, Part, whenLoaded, type OnDemand } from '@/components/onDemand';
import { SecretTool, type Generator } from '@/components/generator/SecretTool';
import type { FileDropProps } from './FileDrop';
import { formKeyAction } from './keys';
import { KindTabs, tabId } from './KindTabs';
import { PushOptions } from './PushOptions';
import { SecretInput } from './SecretInput';
import { UrlInput } from './UrlInput';
import type { WifiBuilderProps } from './WifiBuilder';
import './push.css';

export interface PushFormProps {
  state: FormState;
  dispatch: (action: FormAction) => void;
  /** Enter in the Secret field, Ctrl/Cmd+Enter and "Create push"; the container dispatches `submit`. */
  onSubmit: () => void;
  /** Escape; the container dispatches `reset` (with a new passphrase when the defaults want one). */
  onReset: () => void;
  onGenerate: (style: PassphraseStyle) => void;
  /** The failed send in words (describeError), shown above the button. */
  failureMessage?: string;
  /** Offered next to the URL field ("Use this tab's URL") when the container can read the tab. */
  onUseTabUrl?: () => void;
  /** Set when files need a token the user has not given: the files panel links here (Settings). */
  needsTokenHref?: string;
  /** Shown next to the button while sending, e.g. upload progress and Cancel. */
  busy?: ComponentChildren;
  /** The secret generator: its wand is in the Secret field (text pushes) and the Wi-Fi password. */
  generator?: Generator;
  /** The page the popup opened over (its host), pushed in one click, or opened in the URL form. */
  thisPage?: { host: string; push: () => void; options: () => void };
  /** The chat-preview guard turned the retrieval step on (issue 39): its line, and "Turn off" for this push. */
  guard?: { turnOff: () => void };
}

/** The current page in one click, and its options one click further (the URL form, filled). */
function ThisPageRow({ host, push, options }: NonNullable<PushFormProps['thisPage']>) {
  return (
    <div class="sp-row sp-this-page">
      <button type="button" class="sp-primary" onClick={push}>
        {t('push_thisPage', host)}
      </button>
      <button type="button" aria-label={t('push_thisPageOptionsName')} onClick={options}>
        {t('push_thisPageOptions')}
      </button>
    </div>
  );
}

type GeneratorProps = Pick<PushFormProps, 'generator'>;

/** The wand for the field `fieldId` (holding `value`), filling it through `fill`; nothing without a generator. */
function toolFor(
  generator: Generator | undefined,
  fieldId: string,
  fill: (value: string) => void,
  value: string,
) {
  return generator && <SecretTool generator={generator} fieldId={fieldId} fill={fill} value={value} />;
}

const PANEL_ID = 'sp-kind-panel';
// Asked for by a tab or a choice, so they load then (the switch waits for them), not at open.
const FILE_DROP = onDemand<FileDropProps>(() => import('./FileDrop').then((m) => m.FileDrop));
const WIFI_BUILDER = onDemand<WifiBuilderProps>(() => import('./WifiBuilder').then((m) => m.WifiBuilder));

/** Dispatches `action` once the part it shows has arrived (at once when it has, or needs none). */
function showing<P>(part: OnDemand<P> | undefined, dispatch: () => void): void {
  if (part) whenLoaded(part, dispatch);
  else dispatch();
}

/** The QR code's content: text, or a Wi-Fi network built from its fields. */
function QrSource({
  state,
  dispatch,
  generator,
}: Pick<PushFormProps, 'state' | 'dispatch'> & GeneratorProps) {
  const errors = state.errors.payload;
  return (
    <>
      <div class="sp-row" role="radiogroup" aria-label={t('push_qrContent')}>
        {(['text', 'wifi'] as const).map((source) => (
          <label key={source} class="sp-check">
            <input
              type="radio"
              name="sp-qr-source"
              checked={state.qrSource === source}
              onChange={() =>
                showing(source === 'wifi' ? WIFI_BUILDER : undefined, () =>
                  dispatch({ type: 'qrSource', source }),
                )
              }
            />
            {source === 'text' ? t('push_kindText') : t('push_wifiNetwork')}
          </label>
        ))}
      </div>
      {state.qrSource === 'wifi' ? (
        <Part
          of={WIFI_BUILDER}
          value={state.wifi}
          errors={errors}
          onChange={(patch) => dispatch({ type: 'wifi', patch })}
          passwordTool={(fieldId, fill) => toolFor(generator, fieldId, fill, state.wifi.password)}
        />
      ) : (
        <SecretInput
          value={state.qrText}
          errors={errors}
          limit={QR_MAX_CHARS}
          hint={t('push_qrHint')}
          onInput={(value) => dispatch({ type: 'qrText', value })}
        />
      )}
    </>
  );
}

function KindPanel({
  state,
  dispatch,
  onUseTabUrl,
  needsTokenHref,
  generator,
}: Pick<PushFormProps, 'state' | 'dispatch' | 'onUseTabUrl' | 'needsTokenHref' | 'generator'>) {
  const errors = state.errors.payload;
  switch (state.kind) {
    case 'text':
      return (
        <SecretInput
          value={state.payload}
          errors={errors}
          limit={TEXT_MAX_CHARS}
          onInput={(value) => dispatch({ type: 'payload', value })}
          tool={toolFor(
            generator,
            'sp-secret',
            (value) => dispatch({ type: 'payload', value }),
            state.payload,
          )}
        />
      );
    case 'url':
      return (
        <UrlInput
          value={state.url}
          errors={errors}
          onInput={(value) => dispatch({ type: 'url', value })}
          onUseTabUrl={onUseTabUrl}
        />
      );
    case 'file':
      return (
        <Part
          of={FILE_DROP}
          files={state.files}
          errors={state.errors.files}
          needsTokenHref={needsTokenHref}
          onAdd={(files) =>
            dispatch({
              type: 'addFiles',
              files: files.map((f) => ({ name: f.name, size: f.size, type: f.type, data: f })),
            })
          }
          onRemove={(id) => dispatch({ type: 'removeFile', id })}
        />
      );
    case 'qr':
      return <QrSource state={state} dispatch={dispatch} generator={generator} />;
  }
}

/**
 * Esc clears the form, but not a filled one unasked: the first Esc on a filled form asks (a line says to
 * press it again), the second clears; any other key takes the question back.
 */
function useEscapeAsks(state: FormState, onReset: () => void) {
  const [asking, setAsking] = useState(false);
  const onEscape = () => {
    if (asking || !formHasInput(state)) {
      setAsking(false);
      onReset();
    } else {
      setAsking(true);
      announce(t('push_escapeAgain'));
    }
  };
  return { asking, onEscape, onOtherKey: () => asking && setAsking(false) };
}

/** The whole create form; the container owns the state (formReducer) and does the sending. */
export function PushForm(props: PushFormProps) {
  const { state, dispatch, onSubmit, onReset, onGenerate, failureMessage } = props;
  const sending = state.status === 'sending';
  const escape = useEscapeAsks(state, onReset);
  const fields = useRef<HTMLFieldSetElement>(null);
  const create = useRef<HTMLButtonElement>(null);
  // The send as drawn: only once it has run a moment (useSendingDrawn.ts); `sending` holds from the click.
  const drawn = useSendingDrawn(sending, fields, create);
  // "Sending…" is said once as it is drawn; the line beside Create shows it meanwhile.
  useEffect(() => {
    if (drawn) announce(t('push_sending'));
  }, [drawn]);
  return (
    <form
      class="sp-form"
      noValidate
      aria-busy={drawn}
      // What is on screen is what was sent: no typing from the click on (its fields disabled only later).
      onBeforeInput={(e) => sending && e.preventDefault()}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => {
        const action = formKeyAction(e);
        if (action !== 'reset') escape.onOtherKey();
        if (!action) return;
        e.preventDefault();
        if (action === 'submit') onSubmit();
        else escape.onEscape();
      }}
    >
      {props.thisPage && !drawn && <ThisPageRow {...props.thisPage} />}
      <KindTabs
        kind={state.kind}
        kinds={state.kinds}
        panelId={PANEL_ID}
        onChange={(kind) =>
          showing(kind === 'file' ? FILE_DROP : undefined, () => dispatch({ type: 'kind', kind }))
        }
      />
      <fieldset ref={fields} class="sp-plain" disabled={drawn}>
        <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(state.kind)}>
          <KindPanel
            state={state}
            dispatch={dispatch}
            onUseTabUrl={props.onUseTabUrl}
            needsTokenHref={props.needsTokenHref}
            generator={props.generator}
          />
          <FieldError field="kind" messages={state.errors.kind} />
        </div>
        <PushOptions
          edition={state.edition}
          options={state.options}
          errors={state.errors}
          onChange={(patch) => dispatch({ type: 'options', patch })}
          onGenerate={onGenerate}
          nameSample={(now) => formLabel(state, now, uiLocale())}
        />
      </fieldset>
      {escape.asking && <p class="sp-warning">{t('push_escapeAgain')}</p>}
      <FieldError field="base" messages={state.errors.base} />
      {state.status === 'failed' && failureMessage && (
        <p role="alert" class="sp-error">
          <SettingsLinked text={failureMessage} />
        </p>
      )}
      <div class="sp-row sp-actions">
        {/* In the sticky row with Create, so the line is never under it when the form scrolls. */}
        {props.guard && <GuardLine onTurnOff={drawn ? undefined : props.guard.turnOff} />}
        <button ref={create} type="submit" class="sp-primary" aria-disabled={drawn}>
          {t('push_create')}
        </button>
        <span class="sp-hint">{drawn && t('push_sending')}</span>
        {drawn && props.busy}
      </div>
    </form>
  );
}
