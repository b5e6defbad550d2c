import { useEffect, useState } from 'preact/hooks';

/** How long a confirmation such as "Copied" stays before the control reads as it did. */
export const FLASH_MS = 2000;

/**
 * A value that goes back to undefined FLASH_MS after it is set: the "Copied" (or "Not copied") a Copy
 * button shows for a moment. Setting the same value again while it shows does not restart the moment.
 */
export function useFlash<T>(): [T | undefined, (value: T) => void] {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    if (value === undefined) return;
    const timer = setTimeout(() => setValue(undefined), FLASH_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return [value, setValue];
}
