/** The Copy button's copy: the secret on the clipboard, cleared later when the user asked, "Copied" for a moment. */
import { useFlash } from '@/components/useFlash';
import { clearCopyLater } from '@/lib/clipboard';

export function useCopy(text: string, onFailure: () => void): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useFlash<true>();
  const copy = () => {
    navigator.clipboard.writeText(text).then(() => {
      setCopied(true);
      void clearCopyLater(text);
    }, onFailure);
  };
  return { copied: copied === true, copy };
}
