import { useEffect, useRef, useState } from 'preact/hooks';
import { AppError } from '@/lib/errors';
import type { UploadState } from '@/lib/upload';
import { watchUploads, type Watch } from '@/lib/upload/watch';
import type { Created, Sent } from './useSubmit';
import type { HandoffHooks } from './useHandoff';

/** An upload this popup did not start, as the popup shows it. */
export type Watched =
  | { status: 'sending'; id: string; progress: Sent; cancel(): void }
  /** `seen`: this popup was open while it was sent (its link is then copied as the popup's own would be). */
  | { status: 'done'; id: string; created: Created; seen: boolean };

/**
 * A popup opened while an upload it handed over earlier is still being sent, or after it ended with no popup
 * there (issue 37 #6): its progress, then its result, as if this popup had sent it. A failure is reported
 * through `report` (the popup's notice). The end is taken from the runner once shown here.
 */
export function useUploadWatch(report: (error: unknown) => void): {
  watched: Watched | null;
  /** The result was put away (New push): the form again. */
  dismiss(): void;
} {
  const [watched, setWatched] = useState<Watched | null>(null);
  const watch = useRef<Watch>(undefined);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    const onState = (upload: UploadState | null) => {
      if (!upload || !live) return;
      const one = watch.current!;
      if (upload.status === 'sending') {
        seen.current.add(upload.id);
        setWatched({
          status: 'sending',
          id: upload.id,
          progress: { sent: upload.sent, total: upload.total },
          cancel: () => one.cancel(upload.id),
        });
        return;
      }
      // Taken once shown here: a popup's first form may be replaced by the one its settings make (App.tsx),
      // and the end must stay with the runner until the form that shows it is there.
      if (upload.status === 'failed') {
        one.take(upload.id);
        setWatched(null);
        report(AppError.fromJSON(upload.error));
        return;
      }
      const { result, server, passphrase = '' } = upload;
      // The link's check is loaded with the result view (not in the popup's first chunk).
      void import('@/lib/api/link').then(({ checkLinkOf }) => {
        if (!live) return;
        one.take(upload.id);
        const link = checkLinkOf(result.push.html_url, server);
        setWatched({
          status: 'done',
          id: upload.id,
          created: { result: { ...result, link, server }, passphrase },
          seen: seen.current.has(upload.id),
        });
      });
    };
    watch.current = watchUploads(onState);
    return () => {
      live = false;
      watch.current?.stop();
    };
  }, []);

  return { watched, dismiss: () => setWatched(null) };
}

/**
 * An earlier popup's upload as this popup shows it (followed while this popup's own form is not sending):
 * under way, with its progress and Cancel; or ended, its result then kept for the hand-off (useHandoff) as a
 * create of this popup's own would be, so that it too survives this popup closing. `forget`: New push or Done.
 */
export function useHandedUpload(
  sending: boolean,
  keepWatched: HandoffHooks['keepWatched'],
  report: (error: unknown) => void,
) {
  const upload = useUploadWatch(report);
  const watched = sending ? null : upload.watched;
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (watched?.status !== 'done') return;
    void keepWatched(watched.created.result, watched.created.passphrase).then(() => {
      upload.dismiss();
      setKept(true);
    });
  }, [watched]);
  return {
    underWay: watched?.status === 'sending' ? watched : null,
    kept,
    forget: () => setKept(false),
  };
}
