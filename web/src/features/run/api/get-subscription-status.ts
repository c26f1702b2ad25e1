import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type SubscriptionStatus } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>(ROUTES.subscriptionStatus);

// Same key as the account screen, so both read (and refresh) one cached status.
export const getSubscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: ['subscription', 'status'], queryFn: getSubscriptionStatus, staleTime: 0 });

/** Only fetched while `enabled` (the out-of-free-evaluations dialog is open). */
export const useSubscriptionStatus = (enabled: boolean) =>
  useQuery({ ...getSubscriptionStatusQueryOptions(), enabled });
