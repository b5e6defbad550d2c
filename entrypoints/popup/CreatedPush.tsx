import { useEffect, useState } from 'preact/hooks';
import { LinkRefused } from '@/components/push/LinkRefused';
import { ResultView } from '@/components/push/ResultView';
import { describeError } from '@/lib/api/describe';
import { t, uiLocale } from '@/lib/i18n';
import { copyMessage, expiryInWords } from '@/lib/push/expiry-words';
import { copyText, downloadQrPng, downloadQrSvg, openInTab, renderQr } from './share';
import type { Created } from './useSubmit';

export interface CreatedPushProps {
  created: Created;
  /** Put the link on the clipboard at once (the "Copy the link when a push is created" setting). */
  copyOnCreate: boolean;
  onNew: () => void;
  /** A demo push: its link opens only in this browser, and the result and the copy status say so. */
  demo?: boolean;
}

/**
 * The new push's link and the ways to hand it on; each action says in one line whether it worked. A link
 * that fails lib/push/link.ts is never shown as a link, copied, opened or drawn: the reason is shown instead.
 */
export function CreatedPush(props: CreatedPushProps) {
  const { link: check } = props.created.result;
  if (!check.ok) return <LinkRefused reason={check.message} onNew={props.onNew} />;
  return <SafeLink {...props} link={check.url} />;
}

/** Copies the link once, as the result appears, when the setting asks; the status says what happened. */
function useCopyOnCreate(
  link: string,
  copyOnCreate: boolean,
  copiedWords: string,
  setStatus: (status: string) => void,
) {
  useEffect(() => {
    // Set after the live region is on the page, so screen readers announce it.
    if (!copyOnCreate) return setStatus(t('push_created'));
    copyText(link).then(
      () => setStatus(copiedWords),
      (error: unknown) => {
        console.error('The link could not be copied', error);
        setStatus(t('popup_createdNotCopied'));
      },
    );
  }, []);
}

function SafeLink({ created, link, copyOnCreate, onNew, demo }: CreatedPushProps & { link: string }) {
  const [status, setStatus] = useState<string>();
  const { push, warning } = created.result;
  // A demo link opens only in this browser: every "copied" says so, not only the note under the link.
  useCopyOnCreate(link, copyOnCreate, t(demo ? 'popup_demoLinkCopied' : 'popup_createdCopied'), setStatus);
  const act = (work: () => Promise<void>, done?: string) => () => {
    work().then(
      () => setStatus(done),
      (error: unknown) => {
        console.error('The action failed', error);
        setStatus(t('popup_actionFailed'));
      },
    );
  };
  const message = () =>
    copyMessage(link, push, Date.now(), uiLocale(), { passphrase: Boolean(created.passphrase) });
  return (
    <ResultView
      url={link}
      expiry={expiryInWords(push, Date.now())}
      passphrase={created.passphrase || null}
      viewsLeft={push.views_remaining}
      retrievalStep={push.retrieval_step}
      warning={warning ? describeError(warning) : undefined}
      status={status}
      renderQr={renderQr}
      onCopyLink={act(() => copyText(link), t(demo ? 'popup_demoLinkCopied' : 'popup_linkCopied'))}
      onOpen={act(() => openInTab(link))}
      onCopyMessage={act(() => copyText(message()), t('popup_messageCopied'))}
      onCopyPassphrase={act(() => copyText(created.passphrase), t('popup_passphraseCopied'))}
      onDownloadPng={act(() => downloadQrPng(link))}
      onDownloadSvg={act(() => downloadQrSvg(link))}
      onNew={onNew}
      demoSettingsHref={demo ? browser.runtime.getURL('/options.html') : undefined}
    />
  );
}
