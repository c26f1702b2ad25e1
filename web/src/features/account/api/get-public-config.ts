import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type PublicConfig } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getPublicConfig = () => api.get<PublicConfig>(ROUTES.config);

// Same key as the sign-in screen's copy: one request per session.
export const usePublicConfig = () =>
  useQuery(queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity }));
