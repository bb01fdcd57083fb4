import { libraryActivitySchema, type ActivityRequest, type LibraryActivity } from '@acompanha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { teamKeys } from '../../../lib/query-keys';

const withActivity = (activities: LibraryActivity[] | undefined, activity: LibraryActivity) =>
  activities && [...activities.filter((held) => held.id !== activity.id), activity];

/** POST /v1/equipe/atividades, or PUT .../{id} for an edit (which every plan naming the activity shows). */
export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ActivityRequest }) =>
      callApi(id === null ? '/v1/equipe/atividades' : `/v1/equipe/atividades/${id}`, libraryActivitySchema, { method: id === null ? 'POST' : 'PUT', body }),
    onSuccess: (activity) => queryClient.setQueryData(teamKeys.activities, (activities: LibraryActivity[] | undefined) => withActivity(activities, activity)),
  });
}
