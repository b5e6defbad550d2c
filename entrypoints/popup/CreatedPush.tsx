import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import { LinkRefused } from '@/components/push/LinkRefused';
import { ResultView } from '@/components/push/ResultView';
import { describeError } from '@/lib/api/describe';
import type { AppErrorData } from '@/lib/errors';
import { dateTimeFormat } from '@/lib/format/intl';
import { erasedAt, type Copied, type Handoff } from '@/lib/handoff';
import { t, uiLocale, type MessageKey } from '@/lib/i18n';
import { copyMessage, expiryInWords } from '@/lib/push';
import { copyText } from '@/lib/clipboard';
import { downloadQrPng, downloadQrSvg, openInTab, renderQr } from './share';

export interface CreatedPushProps {
  /** The result to show (a new push's, or one kept from an earlier popup), or why its link was refused. */
  shown: { handoff: Handoff } | { refused: string };
  /** Put the link on the clipboard at once (the "Copy the link when a push is created" setting). */
  copyOnCreate: boolean;
  /** A result kept from an earlier popup: its status says until when it is kept, and nothing is copied. */
  restored?: boolean;
  /** What a copy just put on the clipboard, so the kept result remembers it. */
  onCopied: (what: Copied) => void;
  /** New push: the kept result is erased and the form starts again. */
  onNew: () => void;
  /** Done: the kept result is erased and the popup closes. */
  onDone: () => void;
}

/**
 * The push's link and the ways to hand it on; each action says in one line whether it worked, and what it
 * took off the clipboard. A link that fails lib/api/link.ts is never kept, shown, copied, opened or drawn:
 * the reason is shown instead.
 */
export function CreatedPush(props: CreatedPushProps) {
  if ('refused' in props.shown) return <LinkRefused reason={props.shown.refused} onNew={props.onNew} />;
  return <SafeLink {...props} handoff={props.shown.handoff} />;
}

const COPIED_WORDS: Record<Copied, MessageKey> = {
  link: 'popup_linkCopied',
  message: 'popup_messageCopied',
  passphrase: 'popup_passphraseCopied',
  secret: 'popup_secretCopied',
};
const REPLACED_WORDS: Record<Copied, MessageKey> = {
  link: 'popup_replacedLink',
  message: 'popup_replacedMessage',
  passphrase: 'popup_replacedPassphrase',
  secret: 'popup_replacedSecret',
};
/** The link and the message both carry the link: one replacing the other takes nothing to paste away. */
const carriesLink = (what: Copied | null) => what === 'link' || what === 'message';

/**
 * "Passphrase copied. The link is no longer on the clipboard.": a copy says what it replaced when that was
 * another part of this result (the passphrase goes another way than the link, so it must not silently take
 * the link's place). A demo link's copy says where it opens.
 */
export function copyStatus(what: Copied, before: Copied | null, demo: boolean): string {
  const done = what === 'link' && demo ? t('popup_demoLinkCopied') : t(COPIED_WORDS[what]);
  if (before === null || before === what || (carriesLink(before) && carriesLink(what))) return done;
  return t('popup_copiedAndReplaced', done, t(REPLACED_WORDS[before]));
}

/** "Your last push, kept in memory until 10:42.": a reopened popup's status. */
function keptWords(handoff: Handoff): string {
  const time = dateTimeFormat(uiLocale(), { hour: '2-digit', minute: '2-digit' });
  return t('popup_keptUntil', time.format(erasedAt(handoff)));
}

function SafeLink({
  handoff,
  copyOnCreate,
  restored,
  onCopied,
  onNew,
  onDone,
}: CreatedPushProps & { handoff: Handoff }) {
  const [status, setStatus] = useState<string>();
  // Each result is shown in the status line and said once through the page's live region.
  const spoke = useRef(false);
  const say = (text: string) => {
    spoke.current = true;
    setStatus(text);
    announce(text);
  };
  // What this result last put on the clipboard: kept with it, so a reopened popup still knows.
  const [onClipboard, setOnClipboard] = useState(handoff.copied);
  const { link, demo, passphrase, secret } = handoff;
  const failed = (error: unknown) => {
    console.error('The action failed', error);
    say(t('popup_actionFailed'));
  };
  const copy = (what: Copied, text: () => string) => () => {
    copyText(text()).then(() => {
      say(copyStatus(what, onClipboard, demo));
      setOnClipboard(what);
      onCopied(what);
    }, failed);
  };
  useEffect(() => {
    // Unless a copy pressed at once has spoken already: its words are the news.
    if (restored) {
      if (!spoke.current) say(keptWords(handoff));
      return;
    }
    if (!copyOnCreate) return say(t('push_created'));
    copyText(link).then(
      () => {
        say(t(demo ? 'popup_demoLinkCopied' : 'popup_createdCopied'));
        setOnClipboard('link');
        onCopied('link');
      },
      (error: unknown) => {
        console.error('The link could not be copied', error);
        say(t('popup_createdNotCopied'));
      },
    );
  }, []);
  const act = (work: () => Promise<void>) => () => void work().catch(failed);
  const message = () =>
    copyMessage(link, handoff.expiry, Date.now(), uiLocale(), { passphrase: Boolean(passphrase) });
  return (
    <ResultView
      url={link}
      expiry={expiryInWords(handoff.expiry, Date.now())}
      passphrase={passphrase}
      secret={secret}
      viewsLeft={handoff.viewsLeft}
      retrievalStep={handoff.retrievalStep}
      warning={handoff.warning ? describeError(handoff.warning as AppErrorData) : undefined}
      status={status}
      renderQr={renderQr}
      onCopyLink={copy('link', () => link)}
      onOpen={act(() => openInTab(link))}
      onCopyMessage={copy('message', message)}
      onCopyPassphrase={copy('passphrase', () => passphrase ?? '')}
      onCopySecret={copy('secret', () => secret ?? '')}
      onDownloadPng={act(() => downloadQrPng(link))}
      onDownloadSvg={act(() => downloadQrSvg(link))}
      onNew={onNew}
      onDone={onDone}
      demoSettingsHref={demo ? browser.runtime.getURL('/options.html') : undefined}
    />
  );
}
