import { INVALID_PLAN_CODE, invalidPlanBodySchema, NEWER_PLAN_CODE, newerPlanBodySchema, planDraftAnswerSchema, type PlanDraftRequest, type PlanError, planHistorySchema, type PlanSummary, planSummarySchema, teamPaths } from '@acompanha/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ApiError } from '@acompanha/client';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';
import { invalidateClientLists } from '../../../lib/roster';

/** The latest 100 plans published for a client (a page, the most the API answers), newest first: the first is the one the client sees. */
export function getPlanHistoryQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: teamKeys.plans(clientId),
    queryFn: async () => (await api.call(teamPaths.plans(clientId), planHistorySchema, { params: { size: 100 } })).results,
    staleTime: 60_000,
  });
}

export const usePlanHistory = (clientId: number) => useQuery(getPlanHistoryQueryOptions(clientId));

/** One published plan in the plan file's shape, read as it comes: the editor reads it as a draft. */
export function getPublishedPlanQueryOptions(clientId: number, evaluationId: number) {
  return queryOptions({
    queryKey: teamKeys.plan(clientId, evaluationId),
    queryFn: () => api.call(teamPaths.plan(clientId, evaluationId), z.record(z.string(), z.unknown())),
    // A published plan never changes.
    staleTime: Infinity,
  });
}

export const usePublishedPlan = (clientId: number, evaluationId: number) => useQuery(getPublishedPlanQueryOptions(clientId, evaluationId));

export function getDraftQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: teamKeys.draft(clientId),
    queryFn: async () => (await api.call(teamPaths.draft(clientId), planDraftAnswerSchema)).rascunho,
    // Another member may be editing: who holds the draft is read again on every visit.
    staleTime: 0,
  });
}

export const useDraft = (clientId: number) => useQuery(getDraftQueryOptions(clientId));

/** PUT .../rascunho: the whole draft, as the editor holds it (decision 040: stored unchecked, the last save wins). */
export const saveDraft = (clientId: number, draft: PlanDraftRequest, { keepalive = false } = {}) =>
  api.call(teamPaths.draft(clientId), planDraftAnswerSchema, { method: 'PUT', body: draft, keepalive });

export function useDiscardDraft(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(teamPaths.draft(clientId), null, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(teamKeys.draft(clientId), null),
  });
}

export interface PublishRequest {
  plano: Record<string, unknown>;
  avaliacao_base: number | null;
  substituir?: boolean;
}

/** Why a plan was not published: its errors, a newer plan to confirm replacing, or another failure. */
export type PublishRefusal = { kind: 'invalid'; message: string; errors: PlanError[] } | { kind: 'newer'; message: string; newer: PlanSummary } | { kind: 'other'; error: Error };

export function refusalOf(error: Error): PublishRefusal {
  if (error instanceof ApiError && error.body?.code === INVALID_PLAN_CODE) {
    const body = invalidPlanBodySchema.safeParse(error.raw);
    if (body.success) return { kind: 'invalid', message: body.data.message, errors: body.data.erros };
  }
  if (error instanceof ApiError && error.body?.code === NEWER_PLAN_CODE) {
    const body = newerPlanBodySchema.safeParse(error.raw);
    if (body.success) return { kind: 'newer', message: body.data.message, newer: body.data.plano_recente };
  }
  return { kind: 'other', error };
}

/** POST .../planos: a new evaluation the client sees at once; the server deletes the draft with it. */
export function usePublishPlan(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishRequest) => api.call(teamPaths.plans(clientId), planSummarySchema, { method: 'POST', body: request }),
    onSuccess: () => {
      queryClient.setQueryData(teamKeys.draft(clientId), null);
      // The client's plan, header, evaluations and place in the list all change.
      void queryClient.invalidateQueries({ queryKey: teamKeys.client(clientId) });
      invalidateClientLists(queryClient);
    },
  });
}
