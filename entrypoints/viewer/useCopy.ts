/** The Copy button's copy: the secret on the clipboard, cleared later when the user asked, "Copied" for a moment. */
import { useEffect, useState } from 'preact/hooks';
import { clearCopyLater } from '@/lib/clipboard/copied';

/** How long the button says "Copied" before it reads "Copy" again. */
const CONFIRM_MS = 2000;

export function useCopy(text: string, onFailure: () => void): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () => {
    navigator.clipboard.writeText(text).then(() => {
      setCopied(true);
      void clearCopyLater(text);
    }, onFailure);
  };
  return { copied, copy };
}
