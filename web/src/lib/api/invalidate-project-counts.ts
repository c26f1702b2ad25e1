import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** A project's prompt counts (on the project cards) change when one of its inputs or configurations comes or goes. */
export function invalidateProjectCounts(queryClient: QueryClient, projectId: string | number) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects(), exact: true });
  void queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId), exact: true });
}
