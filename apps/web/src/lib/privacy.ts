import { CONSENT_PENDING_CODE, PRIVACY_VERSION, paths, privacySchema, type Privacy } from '@acompanha/contract';
import { errorBodyOf } from '@acompanha/client';
import { onlineManager, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The client's consents (DECISIONS.md §6, "Privacy"). The photo consent is asked at the first photo
 * a client sends: before it, nothing is uploaded.
 */

export const privacyKey = ['privacy'] as const;

export function getPrivacyQueryOptions() {
  return queryOptions({
    queryKey: privacyKey,
    queryFn: () => api.call(paths.privacy, privacySchema),
    // A consent changes when the client gives or withdraws it, which this app records as it happens.
    staleTime: 10 * 60_000,
  });
}

/**
 * Whether the client is to be asked for the photo consent: when the server says it is not given.
 * An answer that cannot be had or read (offline, a failure) blocks nothing: the server is the guard,
 * and an upload it refuses for the consent asks then.
 */
export async function photoConsentMissing(queryClient: QueryClient): Promise<boolean> {
  // Offline a read would wait for the connection: what the device last heard stands, or nothing does.
  if (!onlineManager.isOnline()) return queryClient.getQueryData<Privacy>(privacyKey)?.consentimentos.fotos === null;
  try {
    return (await queryClient.fetchQuery(getPrivacyQueryOptions())).consentimentos.fotos === null;
  } catch {
    return false;
  }
}

/** Records the photo consent, given to the privacy notice's current version. */
export async function givePhotoConsent(queryClient: QueryClient): Promise<Privacy> {
  const privacy = await api.call(paths.consents, privacySchema, { method: 'POST', body: { tipo: 'fotos', versao: PRIVACY_VERSION } });
  queryClient.setQueryData(privacyKey, privacy);
  return privacy;
}

/** A refusal for a consent not given (403 `ConsentimentoPendente`). */
export function isConsentPending(error: unknown): boolean {
  return errorBodyOf(error)?.code === CONSENT_PENDING_CODE;
}
