import {
  keepPreviousData,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  INPUT_PAGE_SIZE,
  ROUTES,
  type Input,
  type InputIds,
  type InputPage,
  type InputSort,
  type InputStatus,
} from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the User Prompts screen lists: the search text, the status and the order. */
export type InputFilter = { search: string; status: InputStatus; sort: InputSort };

const PAGE_SIZE = INPUT_PAGE_SIZE.default;

const searchParams = ({ search, status }: Pick<InputFilter, 'search' | 'status'>) => {
  const params = new URLSearchParams({ status });
  if (search.trim()) params.set('search', search.trim());
  return params;
};

export const getInputPage = (projectId: string | number, filter: InputFilter, page: number) => {
  const params = searchParams(filter);
  params.set('sort', filter.sort);
  params.set('page', String(page));
  params.set('page_size', String(PAGE_SIZE));
  return api.get<InputPage>(`${ROUTES.inputs(projectId)}?${params}`);
};

export const getInputPageQueryOptions = (projectId: string | number, filter: InputFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.inputPages(projectId, filter, page),
    queryFn: () => getInputPage(projectId, filter, page),
    // A new search keeps the rows on screen until its own arrive, instead of flashing a spinner at each keystroke.
    placeholderData: keepPreviousData,
  });

/** The ids of every user prompt the search and status hold: what "Select all" selects. */
export const getInputIds = (projectId: string | number, filter: Pick<InputFilter, 'search' | 'status'>) =>
  api.get<InputIds>(`${ROUTES.inputIds(projectId)}?${searchParams(filter)}`);

/** The pages holding rows `from` to `to` (0-based, inclusive). */
export const pagesOf = (from: number, to: number) => {
  const pages: number[] = [];
  for (let page = Math.floor(from / PAGE_SIZE) + 1; page <= Math.floor(to / PAGE_SIZE) + 1; page++) pages.push(page);
  return pages;
};

/**
 * The pages of the User Prompts screen that are on screen (the first always, for the total): the row at an index
 * once its page has arrived, and the ids between two rows, fetching the pages between that were never shown.
 */
export function useInputPages(projectId: string | number, filter: InputFilter, pages: readonly number[]) {
  const queryClient = useQueryClient();
  // The first page on its own: the one query that keeps a previous search's rows (useQueries gives a changed key a new
  // observer, which has no previous data), so the table stays on screen while a new search or order loads.
  const first = useQuery(getInputPageQueryOptions(projectId, filter, 1));
  const others = pages.filter((page) => page !== 1);
  const results = useQueries({
    queries: others.map((page) => getInputPageQueryOptions(projectId, filter, page)),
  });
  const loaded = new Map<number, InputPage>();
  if (first.data) loaded.set(1, first.data);
  others.forEach((page, index) => {
    const data = results[index]?.data;
    if (data) loaded.set(page, data);
  });
  const rowAt = (index: number): Input | undefined =>
    loaded.get(Math.floor(index / PAGE_SIZE) + 1)?.items[index % PAGE_SIZE];
  const idsBetween = useCallback(
    async (from: number, to: number) => {
      const [low, high] = from <= to ? [from, to] : [to, from];
      const chunks = await Promise.all(
        pagesOf(low, high).map((page) =>
          queryClient.ensureQueryData(getInputPageQueryOptions(projectId, filter, page)),
        ),
      );
      const [lowPage = 1] = pagesOf(low, low);
      const offset = (lowPage - 1) * PAGE_SIZE;
      return chunks
        .flatMap((chunk) => chunk.items)
        .slice(low - offset, high - offset + 1)
        .map((input) => input.id);
    },
    [queryClient, projectId, filter],
  );
  return {
    total: first.data?.total ?? 0,
    isPending: first.isPending,
    isError: first.isError || results.some((result) => result.isError),
    /** The first page is of another search, kept on screen while this one loads. */
    isStale: first.isPlaceholderData,
    rowAt,
    idsBetween,
  };
}

/** The screen's pages after user prompts were added, changed or removed: counts and order come from the server. */
export const refreshInputPages = (queryClient: QueryClient, projectId: string | number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.inputPages(projectId) });

/** Shows a change on the loaded pages at once (an Active switch), before the server's pages replace them. */
export const patchInputPages = (queryClient: QueryClient, projectId: string | number, changed: Input) =>
  queryClient.setQueriesData<InputPage>(
    { queryKey: queryKeys.inputPages(projectId) },
    (page) => page && { ...page, items: page.items.map((item) => (item.id === changed.id ? changed : item)) },
  );
