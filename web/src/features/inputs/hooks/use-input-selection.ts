import { useRef, useState } from 'react';

/** Whether a checkbox's change came from a click with Shift held: React reports a checkbox's change on its click. */
export const withShift = (event: React.ChangeEvent<HTMLInputElement>) =>
  (event.nativeEvent as Partial<MouseEvent>).shiftKey === true;

/**
 * The selected user prompts, by id. A click with Shift selects (or clears) every row between the last row clicked
 * and this one, as in a mail client; `idsBetween` answers the ids of rows that may not be loaded yet.
 */
export function useInputSelection(idsBetween: (from: number, to: number) => Promise<number[]>) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const change = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    /** Row `index` (user prompt `id`) checked or cleared; with `range`, every row from the last one clicked. */
    async toggle(index: number, id: number, on: boolean, range: boolean) {
      const from = anchor.current;
      anchor.current = index;
      change([id], on);
      if (range && from !== null && from !== index) change(await idsBetween(from, index), on);
    },
    set(ids: Iterable<number>) {
      anchor.current = null;
      setSelected(new Set(ids));
    },
    remove(ids: Iterable<number>) {
      change([...ids], false);
    },
  };
}
