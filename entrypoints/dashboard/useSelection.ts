/** Which pushes are selected for a bulk expire, by url_token. */
import { useState } from 'preact/hooks';

export interface Selection {
  selected: ReadonlySet<string>;
  select: (token: string, on: boolean) => void;
  /** Selects exactly these, nothing else. */
  selectOnly: (tokens: string[]) => void;
  /** Unselects these (pushes that are gone). */
  drop: (tokens: string[]) => void;
}

export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const change = (tokens: string[], on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      for (const token of tokens) {
        if (on) next.add(token);
        else next.delete(token);
      }
      return next;
    });
  return {
    selected,
    select: (token, on) => change([token], on),
    selectOnly: (tokens) => setSelected(new Set(tokens)),
    drop: (tokens) => change(tokens, false),
  };
}
