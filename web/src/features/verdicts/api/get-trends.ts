import { useQuery } from '@tanstack/react-query';
import { ROUTES, type ProjectTrends } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getTrends = (projectId: number | string) => api.get<ProjectTrends>(ROUTES.trends(projectId));

export const useTrends = (projectId: number | string) =>
  useQuery({ queryKey: queryKeys.projectTrends(projectId), queryFn: () => getTrends(projectId) });
