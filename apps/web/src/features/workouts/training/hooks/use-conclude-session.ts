import type { Exercise, HistoryEntry } from '@acompanha/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showUndoToast } from '../../../../components/undo-toast';
import { trainingKeys } from '../../../../lib/training-keys';
import { useWorkoutSessions } from '../../../../lib/workout-sessions';
import { useRestActions } from '../rest/rest-timer';
import { useUploadSession } from '../api/session-upload';
import type { ConcludedSession } from '../components/session-summary';
import { lastVolume } from '../model/recent-sessions';
import { sessionRequest, sessionSummary } from '../model/session';
import { exerciseLines, volumeChange } from '../model/summary';
import { endTrainSession, restoreTrainSession, useTrainingOf } from '../store/train-session';

/**
 * Ending the session of `workoutId` that train mode holds. `conclude` sends it (now, or when a
 * connection returns) and gives the summary to show; `discard` drops it, with 'Desfazer' for 10 s.
 * Either way the session's rest ends with it; a rest of another workout, started outside train
 * mode, goes on.
 */
export function useConcludeSession(workoutId: number, exercises: Exercise[]) {
  const training = useTrainingOf(workoutId);
  // The rest's actions, not its countdown: the bar's rest (BarRest) is the one part that renders every second.
  const { endOf: endRestOf } = useRestActions();
  const upload = useUploadSession();
  const queryClient = useQueryClient();
  const recentSessions = useWorkoutSessions(workoutId, training !== null);
  const [concluded, setConcluded] = useState<ConcludedSession | null>(null);

  const endSession = () => {
    endTrainSession();
    endRestOf(workoutId);
  };

  const conclude = () => {
    if (!training) return;
    const request = sessionRequest(training, exercises, new Date());
    const summary = sessionSummary(request, exercises, (id) => queryClient.getQueryData<HistoryEntry[]>(trainingKeys.history(id)));
    upload({ workoutId, session: request });
    endSession();
    setConcluded({
      sessionId: request.id,
      workoutTitle: training.workoutTitle,
      ...summary,
      change: volumeChange(summary.volume, lastVolume(recentSessions.data)),
      lines: exerciseLines(training, request, exercises),
    });
  };

  const discard = () => {
    if (!training) return;
    const discarded = training;
    endSession();
    showUndoToast('Treino descartado.', { onUndo: () => restoreTrainSession(discarded) });
  };

  return { training, conclude, discard, concluded, closeSummary: () => setConcluded(null) };
}
