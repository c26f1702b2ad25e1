import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTES, type AccessToken, type CreateAccessTokenInput, type CreatedAccessToken } from '@promptgrid/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getAccessTokens = () => api.get<AccessToken[]>(ROUTES.accessTokens);

export const getAccessTokensQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accessTokens(), queryFn: getAccessTokens });

export const useAccessTokens = () => useQuery(getAccessTokensQueryOptions());

export const createAccessToken = (input: CreateAccessTokenInput) =>
  api.post<CreatedAccessToken>(ROUTES.accessTokens, input);

/** Creates a token; the answer holds the token itself, which the caller shows once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens() }),
  });
}

export const revokeAccessToken = (id: number) => api.delete<null>(ROUTES.accessToken(id));

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accessTokens() }),
  });
}
