import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ConfigurationPair } from '../compare/configuration-pair';
import { decodeFilter, encodeFilter, type RowFilter } from '../matrix/view-model';

// What the Results screen shows beyond its run lives in the address, so Back and a reload return to it.
const PAIR_PARAM = 'compare';
const FILTER_PARAM = 'filter';

const FILTER_KINDS = new Set(['all', 'failed-checks', 'failed-calls', 'differs', 'flaky', 'check']);
const positiveId = (value: string | undefined) =>
  value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** A ?filter= the matrix knows, else null (a hand-edited address falls back to the matrix's own default). */
export function parseFilter(value: string | null): RowFilter | null {
  if (value === null) return null;
  const filter = decodeFilter(value);
  if (!FILTER_KINDS.has(filter.kind)) return null;
  return filter.kind === 'check' && positiveId(value.split(':')[1]) === null ? null : filter;
}

/**
 * The two configurations compared from the leaderboard (?compare=base,head). Opening a comparison is a new history
 * entry, so Back returns to the run as it was; the comparison opens on its own filter, not the grid's.
 */
export function useConfigurationPairParam() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get(PAIR_PARAM);
  const pair = useMemo((): ConfigurationPair | null => {
    const [base, head, ...rest] = (raw ?? '').split(',');
    const baseId = positiveId(base);
    const headId = positiveId(head);
    return baseId !== null && headId !== null && rest.length === 0 ? { baseId, headId } : null;
  }, [raw]);
  const setPair = useCallback(
    (next: ConfigurationPair | null) =>
      setSearch((current) => {
        const params = new URLSearchParams(current);
        params.delete(FILTER_PARAM);
        if (next) params.set(PAIR_PARAM, `${next.baseId},${next.headId}`);
        else params.delete(PAIR_PARAM);
        return params;
      }),
    [setSearch],
  );
  return [pair, setPair] as const;
}

/**
 * The matrix's row filter (?filter=), `fallback` when the address names none. Changing it replaces the history
 * entry: a reload keeps it without every click becoming a step of Back.
 */
export function useMatrixFilterParam(fallback: RowFilter) {
  const [search, setSearch] = useSearchParams();
  const raw = search.get(FILTER_PARAM);
  const fallbackKey = encodeFilter(fallback);
  // One object per filter, so what the matrix derives from it is not recomputed on every render.
  const filter = useMemo(() => parseFilter(raw) ?? decodeFilter(fallbackKey), [raw, fallbackKey]);
  const setFilter = useCallback(
    (next: RowFilter) =>
      setSearch(
        (current) => {
          const params = new URLSearchParams(current);
          params.set(FILTER_PARAM, encodeFilter(next));
          return params;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [filter, setFilter] as const;
}
