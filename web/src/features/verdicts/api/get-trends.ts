import { useQuery } from '@tanstack/react-query';
import { ROUTES, type ProjectTrends } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getTrends = (projectId: number | string, includeMock: boolean) =>
  api.get<ProjectTrends>(`${ROUTES.trends(projectId)}${includeMock ? '?include_mock=true' : ''}`);

export const useTrends = (projectId: number | string, includeMock: boolean) =>
  useQuery({
    queryKey: [...queryKeys.projectTrends(projectId), { includeMock }],
    queryFn: () => getTrends(projectId, includeMock),
  });
