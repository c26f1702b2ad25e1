import { useMutation } from '@tanstack/react-query';
import { ROUTES, type UrlResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { redirectTo } from './redirect';

export const getPortalUrl = () => api.get<UrlResponse>(ROUTES.portalUrl);

/** Opens the Stripe Customer Portal to manage the subscription. */
export function useOpenBillingPortal() {
  return useMutation({ mutationFn: getPortalUrl, onSuccess: ({ url }) => redirectTo(url) });
}
