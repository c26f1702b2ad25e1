import { ROUTES } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** The access check: true while the user may run a real evaluation. Asked fresh before every run. */
export const checkSubscription = () => api.get<{ active: boolean }>(ROUTES.checkSubscription);
