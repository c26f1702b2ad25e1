import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** The access check: `active` while the user may run evaluations. */
export const checkSubscription = () => api.get<{ active: boolean }>(ROUTES.checkSubscription);
