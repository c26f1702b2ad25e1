import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Configuration, Input } from '@promptgrid/contract';
import type { CardExtras } from '../lib/run-slots';
import { cellKey, type Cell } from '../lib/results-index';
import { ResultCard } from './result-card';

/** Cards grow with their output up to this height; a longer output scrolls inside the card. */
export const CARD_MAX_HEIGHT = 420;
/** First guess of a row's height before it is measured: a card with a few lines of output. */
const ROW_ESTIMATE = 240;
const GAP = 16;
const MIN_CARD_WIDTH = 280;

type Props = {
  inputId: number | null;
  /** The selected input as the run froze it: its images show on every card. */
  input?: Input;
  configurationIds: number[];
  configurations: Map<number, Configuration>;
  cells: Map<string, Cell>;
  checkNames: ReadonlyMap<number, string>;
  extras?: CardExtras;
  /** Re-runs a card's requests. */
  onRerun?: (requestIds: number[]) => void;
};

/**
 * Columns that fit the width, cards side by side, then rows; when the cards need several rows they are spread evenly
 * over them (5 cards that fit 4 a row make rows of 3 and 2, not 4 and a lone 1).
 */
export function columnsFor(width: number, count: number) {
  const fit = Math.max(1, Math.min(count, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));
  return Math.ceil(count / Math.ceil(count / fit));
}

/**
 * Result cards side by side, in rows virtualised against the page scroll so a thousand cards
 * cost the same as a screenful. Cards size to their output up to CARD_MAX_HEIGHT (longer outputs scroll inside);
 * each rendered row is measured (measureElement, kept current by a ResizeObserver), so rows of short answers stay short.
 */
export function ResultGrid({
  inputId,
  input,
  configurationIds,
  configurations,
  cells,
  checkNames,
  extras,
  onRerun,
}: Props) {
  const container = useRef<HTMLDivElement>(null);
  // null until the container is measured (in a layout effect, so before the first paint): rendering the cards for a
  // guessed width would render and measure every visible row twice.
  const [width, setWidth] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      setWidth(element.clientWidth);
      setOffset(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = columnsFor(width || MIN_CARD_WIDTH, configurationIds.length);
  const rows = Math.ceil(configurationIds.length / columns);
  // Rows are keyed by the column count too: another count regroups the cards, so measured heights of the old rows
  // must not be reused, and the new rows mount afresh and get measured.
  const getItemKey = useCallback((index: number) => `${columns}:${index}`, [columns]);
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey,
    overscan: 2,
    scrollMargin: offset,
    gap: GAP,
  });

  return (
    <div
      ref={container}
      role="list"
      aria-label="Results"
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {(width === null ? [] : virtualizer.getVirtualItems()).map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          role="presentation"
          className="absolute inset-x-0 grid items-stretch"
          style={{
            top: 0,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: GAP,
          }}
        >
          {configurationIds.slice(row.index * columns, row.index * columns + columns).map((configurationId, column) => (
            // Only the rows in view are in the page: each card says where it stands among all of them.
            <div
              role="listitem"
              key={configurationId}
              aria-setsize={configurationIds.length}
              aria-posinset={row.index * columns + column + 1}
              className="flex min-w-0 flex-col"
            >
              <ResultCard
                configurationId={configurationId}
                configuration={configurations.get(configurationId)}
                cell={cells.get(cellKey(inputId, configurationId))}
                input={input}
                maxHeight={CARD_MAX_HEIGHT}
                checkNames={checkNames}
                extras={extras}
                onRerun={onRerun}
              />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
