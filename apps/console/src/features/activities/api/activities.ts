import { type ActivityRequest, libraryActivitySchema, teamPaths } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

/** Every page and search of the library read again: a change may move an activity to another page. */
function useLibraryChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.activities });
}

/** POST /v1/equipe/atividades, or PUT .../{id} for an edit (which every plan naming the activity shows). */
export function useSaveActivity() {
  const changed = useLibraryChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ActivityRequest }) =>
      api.call(id === null ? teamPaths.activities : teamPaths.activity(id), libraryActivitySchema, { method: id === null ? 'POST' : 'PUT', body }),
    onSuccess: changed,
  });
}

/** POST /v1/equipe/atividades/{id}/mesclar: `id`'s exercises and histories pass to `into`, and `id` leaves the library. */
export function useMergeActivity() {
  const changed = useLibraryChanged();
  return useMutation({
    mutationFn: ({ id, into }: { id: number; into: number }) =>
      api.call(teamPaths.activityMerge(id), libraryActivitySchema, { method: 'POST', body: { atividade_id: into } }),
    onSuccess: changed,
  });
}

/** DELETE /v1/equipe/atividades/{id}: out of the library; the plans that name it keep it. */
export function useRetireActivity() {
  const changed = useLibraryChanged();
  return useMutation({
    mutationFn: (id: number) => api.call(teamPaths.activity(id), null, { method: 'DELETE' }),
    onSuccess: changed,
  });
}
