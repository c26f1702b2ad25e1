/** Sends the browser to a billing page (Stripe Checkout or the Customer Portal). Replaced in tests. */
export const redirectTo = (url: string) => window.location.assign(url);
