import { ROUTES, type SignInResponse } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

/** Development sign-in by e-mail (only when the server has DEV_LOGIN on). */
export const devSignIn = (email: string) => api.post<SignInResponse>(ROUTES.auth.devSignIn, { email });
