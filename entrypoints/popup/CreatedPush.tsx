import { useState } from 'preact/hooks';
import { LinkRefused } from '@/components/push/LinkRefused';
import { ResultView } from '@/components/push/ResultView';
import { describeError } from '@/lib/api/describe';
import { copyMessage, expiryInWords } from '@/lib/push/expiry-words';
import { copyText, downloadQrPng, downloadQrSvg, openInTab, renderQr } from './share';
import type { Created } from './useSubmit';

/**
 * The new push's link and the ways to hand it on; each action says in one line whether it worked. A link
 * that fails lib/push/link.ts is never shown as a link, copied, opened or drawn: the reason is shown instead.
 */
export function CreatedPush({ created, onNew }: { created: Created; onNew: () => void }) {
  const { link: check } = created.result;
  if (!check.ok) return <LinkRefused reason={check.message} onNew={onNew} />;
  return <SafeLink created={created} link={check.url} onNew={onNew} />;
}

function SafeLink({ created, link, onNew }: { created: Created; link: string; onNew: () => void }) {
  const [status, setStatus] = useState<string>();
  const { push, warning } = created.result;
  const act = (work: () => Promise<void>, done?: string) => () => {
    work().then(
      () => setStatus(done),
      (error: unknown) => {
        console.error('The action failed', error);
        setStatus('That did not work. Try again.');
      },
    );
  };
  return (
    <ResultView
      url={link}
      expiry={expiryInWords(push, Date.now())}
      passphrase={created.passphrase || null}
      warning={warning ? describeError(warning) : undefined}
      status={status}
      renderQr={renderQr}
      onCopyLink={act(() => copyText(link), 'Link copied')}
      onOpen={act(() => openInTab(link))}
      onCopyMessage={act(() => copyText(copyMessage(link, push, Date.now())), 'Message copied')}
      onCopyPassphrase={act(() => copyText(created.passphrase), 'Passphrase copied')}
      onDownloadPng={act(() => downloadQrPng(link))}
      onDownloadSvg={act(() => downloadQrSvg(link))}
      onNew={onNew}
    />
  );
}
