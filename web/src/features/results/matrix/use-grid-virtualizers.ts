import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type Range,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';

type AxisOptions = Pick<
  VirtualizerOptions<HTMLDivElement, Element>,
  'count' | 'estimateSize' | 'overscan' | 'scrollPaddingStart'
> & {
  /** An index kept in the page however far it is scrolled away (the focused cell's row or column). */
  keep: number;
};

/** The visible range plus the kept index; the same function while the index stays, so the visible items do too. */
function useKeeping(index: number) {
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (index >= 0 && index < range.count && !indexes.includes(index)) indexes.push(index);
      return indexes;
    },
    [index],
  );
}

function useAxis(
  scrollRef: React.RefObject<HTMLDivElement | null>,
  horizontal: boolean,
  { keep, ...options }: AxisOptions,
  onChange: (instance: Virtualizer<HTMLDivElement, Element>, sync: boolean) => void,
) {
  const rangeExtractor = useKeeping(keep);
  const resolved: VirtualizerOptions<HTMLDivElement, Element> = {
    ...options,
    horizontal,
    rangeExtractor,
    getScrollElement: () => scrollRef.current,
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    onChange,
  };
  // The virtualizer reads the scroll element (the ref) only from the layout effects below, never while rendering.
  /* eslint-disable react-hooks/refs */
  const [instance] = useState(() => new Virtualizer(resolved));
  instance.setOptions(resolved);
  /* eslint-enable react-hooks/refs */
  useLayoutEffect(() => instance._didMount(), [instance]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}

/**
 * The grid's row and column virtualizers (TanStack Virtual), rendered together. useVirtualizer re-renders once per
 * axis on every scroll event, each synchronously, so a diagonal scroll cost two commits and a forced layout per
 * frame (the second axis read the scroll size after the first had changed the page). Here a scroll only notes the
 * change, and one commit follows in the same frame's animation-frame callbacks, before paint.
 */
export function useGridVirtualizers(
  scrollRef: React.RefObject<HTMLDivElement | null>,
  rows: AxisOptions,
  columns: AxisOptions,
) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const frame = useRef(0);
  const onChange = useCallback((_: unknown, sync: boolean) => {
    if (!sync) {
      rerender();
      return;
    }
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      flushSync(rerender);
    });
  }, []);
  useEffect(() => {
    const pending = frame;
    return () => cancelAnimationFrame(pending.current);
  }, []);
  const rowVirtualizer = useAxis(scrollRef, false, rows, onChange);
  const columnVirtualizer = useAxis(scrollRef, true, columns, onChange);
  return { rowVirtualizer, columnVirtualizer };
}
