import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/**
 * The access check: `active` while the user may run real evaluations. Asked fresh, never cached: after sign-in to
 * choose the first page, and before every run.
 */
export const checkSubscription = () => api.get<{ active: boolean }>(ROUTES.checkSubscription);
