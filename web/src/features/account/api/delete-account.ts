import { useMutation } from '@tanstack/react-query';
import { ROUTES, type DeleteAccountInput } from '@promptgrid/contract';
import { api } from '@/lib/api-client';

export const deleteAccount = (input: DeleteAccountInput) =>
  api.delete<null>(ROUTES.account, { body: JSON.stringify(input) });

/** Deletes the signed-in user's account and everything in it; `onDeleted` then signs out locally. */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: onDeleted });
}
