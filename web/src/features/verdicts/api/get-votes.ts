import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type Vote } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getVotes = (evaluationId: number) => api.get<Vote[]>(ROUTES.votes(evaluationId));

export const getVotesQueryOptions = (evaluationId: number) =>
  queryOptions({ queryKey: queryKeys.evaluationVotes(evaluationId), queryFn: () => getVotes(evaluationId) });

export const useVotes = (evaluationId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getVotesQueryOptions(evaluationId), ...options });
