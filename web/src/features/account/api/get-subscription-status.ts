import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type SubscriptionStatus } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>(ROUTES.subscriptionStatus);

export const getSubscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'status'], queryFn: getSubscriptionStatus, staleTime: 0 });

export const useSubscriptionStatus = () => useQuery(getSubscriptionStatusQueryOptions());
