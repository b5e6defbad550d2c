import type { ComponentChildren } from 'preact';
import { t, type MessageKey } from '@/lib/i18n';

/** A private-use character no message holds: it marks where the element goes in the translated words. */
const SLOT = '\uE000';

export interface AroundProps {
  /** A message whose `$1` is where `children` stand ("Expires $1", "Es läuft spätestens $1 ab."). */
  message: MessageKey;
  children: ComponentChildren;
}

/**
 * A sentence with an element inside it (a `<time>` with its tooltip): each language puts the element where
 * its own word order wants it, instead of the code gluing English halves around it.
 */
export function Around({ message, children }: AroundProps) {
  const [before = '', after = ''] = t(message, SLOT).split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
