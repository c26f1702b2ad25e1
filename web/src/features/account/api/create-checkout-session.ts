import { useMutation } from '@tanstack/react-query';
import { ROUTES, type UrlResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { redirectTo } from './redirect';

export const createCheckoutSession = () => api.post<UrlResponse>(ROUTES.createCheckoutSession);

/** Starts Stripe Checkout for the Standard plan: asks for a session, then sends the browser to its url. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: createCheckoutSession,
    // Resolve only once the page is leaving, so the button stays busy until then.
    onSuccess: ({ url }) => redirectTo(url),
  });
}
