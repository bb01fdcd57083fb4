import { DEFAULT_PUSH_PREFERENCES, paths, pushKeySchema, type PushPreferences, pushPreferencesReadSchema, type PushPreferencesRequest } from '@acompanha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTransientError } from '@acompanha/client';
import { api } from '../../../lib/api-client';

/** The calls of DECISIONS.md §5 and the account's notification settings (decision 041). */
export const pushKeys = {
  all: ['push'] as const,
  preferences: ['push', 'preferences'] as const,
};

/** GET /v1/push/chave: the key the browser subscribes with. */
export async function fetchPushKey(): Promise<string> {
  return (await api.call(paths.pushKey, pushKeySchema)).chave_publica;
}

/** POST /v1/push/assinaturas: the server keeps this device's subscription for the signed-in client. */
export async function storeSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.call(paths.pushSubscriptions, null, { method: 'POST', body: subscription });
}

/** DELETE /v1/push/assinaturas. */
export async function removeSubscription(endpoint: string): Promise<void> {
  await api.call(paths.pushSubscriptions, null, { method: 'DELETE', body: { endpoint } });
}

/** POST /v1/push/teste: a notification to this device, through its push service. */
export async function sendTestPush(endpoint: string): Promise<void> {
  await api.call(paths.pushTest, null, { method: 'POST', body: { endpoint } });
}

export async function fetchPreferences(): Promise<PushPreferences> {
  return api.call(paths.pushPreferences, pushPreferencesReadSchema);
}

export async function savePreferences(preferences: PushPreferencesRequest): Promise<PushPreferences> {
  return api.call(paths.pushPreferences, pushPreferencesReadSchema, { method: 'PUT', body: preferences });
}

export function getPreferencesQueryOptions() {
  return queryOptions({ queryKey: pushKeys.preferences, queryFn: fetchPreferences, staleTime: 5 * 60_000 });
}

export function usePreferences() {
  return useQuery(getPreferencesQueryOptions());
}

/** The time zone of this device, in which the reminders' times are read ('America/Sao_Paulo'). */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * PUT /v1/push/preferencias with this device's time zone: the screen shows the change at once, and
 * puts the saved settings back if the server refuses it. One save at a time, in the order made.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: Omit<PushPreferencesRequest, 'fuso_horario'>) => savePreferences({ ...preferences, fuso_horario: deviceTimeZone() }),
    scope: { id: 'push-preferences' },
    retry: (failures, error) => failures < 3 && isTransientError(error),
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.preferences });
      const previous = queryClient.getQueryData<PushPreferences>(pushKeys.preferences);
      queryClient.setQueryData<PushPreferences>(pushKeys.preferences, { ...(previous ?? DEFAULT_PUSH_PREFERENCES), ...preferences });
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) queryClient.setQueryData(pushKeys.preferences, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.preferences, saved),
  });
}
