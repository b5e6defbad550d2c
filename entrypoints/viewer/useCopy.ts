/** The Copy button's copy: the secret on the clipboard, cleared later when the user asked, "Copied" for a moment. */
import { useFlash } from '@/components/useFlash';
import { copyText } from '@/lib/clipboard';

export function useCopy(text: string, onFailure: () => void): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useFlash<true>();
  const copy = () => {
    copyText(text).then(() => setCopied(true), onFailure);
  };
  return { copied: copied === true, copy };
}
