/** Copying a push's link, with the outcome said in the page's status line. */
import { useState } from 'preact/hooks';
import { clearCopyLater } from '@/lib/clipboard/copied';
import { pushLabel } from '@/lib/watch/label';
import type { TrackedPush } from '@/lib/watch/types';

export function useCopyLink(): { notice: string; copyLink: (push: TrackedPush) => void } {
  const [notice, setNotice] = useState('');
  const copyLink = (push: TrackedPush) => {
    navigator.clipboard.writeText(push.html_url).then(
      () => {
        setNotice(`Link to ${pushLabel(push)} copied`);
        // A live link is a secret: cleared later like any other copy, if the user asked.
        void clearCopyLater(push.html_url);
      },
      // The only refusal writeText knows (NotAllowedError): describeError would only say "something went wrong".
      () => setNotice('The link could not be copied: the browser did not allow access to the clipboard.'),
    );
  };
  return { notice, copyLink };
}
