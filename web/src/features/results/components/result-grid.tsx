import { useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Configuration } from '@promptgrid/contract';
import { cellKey, type Cell } from '../lib/results-index';
import { ResultCard } from './result-card';

const CARD_HEIGHT = 380;
const GAP = 16;
const MIN_CARD_WIDTH = 320;

type Props = {
  inputId: number | null;
  configurationIds: number[];
  configurations: Map<number, Configuration>;
  cells: Map<string, Cell>;
};

/** Columns that fit the width; cards side by side, then rows. */
export const columnsFor = (width: number, count: number) => Math.max(1, Math.min(count, Math.floor((width + GAP) / (MIN_CARD_WIDTH + GAP))));

/**
 * Result cards side by side, in rows virtualised against the page scroll so a thousand cards
 * cost the same as a screenful. Cards have a fixed height; long outputs scroll inside them.
 */
export function ResultGrid({ inputId, configurationIds, configurations, cells }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
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
  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => CARD_HEIGHT + GAP,
    overscan: 2,
    scrollMargin: offset,
  });

  return (
    <div ref={container} role="list" aria-label="Results" aria-rowcount={rows} style={{ height: rows * (CARD_HEIGHT + GAP) - GAP, position: 'relative' }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="presentation"
          className="absolute inset-x-0 grid"
          style={{
            top: 0,
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: GAP,
          }}
        >
          {configurationIds.slice(row.index * columns, row.index * columns + columns).map((configurationId) => (
            <div role="listitem" key={configurationId} className="min-w-0">
              <ResultCard
                configurationId={configurationId}
                configuration={configurations.get(configurationId)}
                cell={cells.get(cellKey(inputId, configurationId))}
                height={CARD_HEIGHT}
              />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
