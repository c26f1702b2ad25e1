import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTES, type SubscriptionStatus } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The subscription in detail (plan, renewal, the free allowance): the account page and the run screen show it. */
export const getSubscriptionStatus = () => api.get<SubscriptionStatus>(ROUTES.subscriptionStatus);

export const getSubscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.subscriptionStatus(), queryFn: getSubscriptionStatus, staleTime: 0 });

/** `enabled` false waits until the status is needed (the run screen asks only once the user is out of free runs). */
export const useSubscriptionStatus = (enabled = true) => useQuery({ ...getSubscriptionStatusQueryOptions(), enabled });
