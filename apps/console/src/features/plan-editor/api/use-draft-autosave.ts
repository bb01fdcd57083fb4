import type { PlanDraft, PlanDraftRequest } from '@acompanha/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { teamKeys } from '../../../lib/query-keys';
import { saveDraft } from './plans';

/** How long the editor waits after a change before saving: a burst of typing is one save. */
export const AUTOSAVE_DELAY_MS = 1500;
/** A failed save is tried again after this long, or at the next change. */
const RETRY_DELAY_MS = 5000;

export type SaveState = { status: 'idle' } | { status: 'saving' } | { status: 'saved'; at: string } | { status: 'failed' };

interface SaverOptions {
  save: (draft: PlanDraftRequest, options: { keepalive: boolean }) => Promise<PlanDraft | null>;
  onState: (state: SaveState) => void;
}

/**
 * Saves the latest draft it is given after a pause, one save at a time and in order; a failed save
 * waits for the next change or a retry. Free of React, so that its timing is plain to follow.
 */
export function createDraftSaver({ save, onState }: SaverOptions) {
  let pending: PlanDraftRequest | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  const flush = ({ keepalive = false } = {}): Promise<void> => {
    clearTimeout(timer);
    const draft = pending;
    if (!draft || stopped) return chain;
    pending = null;
    onState({ status: 'saving' });
    chain = chain
      .then(() => save(draft, { keepalive }))
      .then(
        (saved) => {
          if (!pending) onState(saved ? { status: 'saved', at: saved.editado_em } : { status: 'idle' });
        },
        () => {
          // A newer change replaces this one; else this one waits for the next try.
          pending ??= draft;
          onState({ status: 'failed' });
          clearTimeout(timer);
          timer = setTimeout(() => void flush(), RETRY_DELAY_MS);
        },
      );
    return chain;
  };

  return {
    flush,
    schedule(draft: PlanDraftRequest) {
      if (stopped) return;
      pending = draft;
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    /** After publishing or discarding: the server has no draft, and nothing may save one again. */
    stop() {
      stopped = true;
      pending = null;
      clearTimeout(timer);
    },
  };
}

/**
 * Keeps the editor's draft on the server as it is edited (decision 042): saved after a pause, and
 * whatever is unsaved is sent when the tab is hidden or closed (a keepalive request) and when the
 * editor closes.
 */
export function useDraftAutosave(clientId: number, savedAt: string | null = null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>(savedAt ? { status: 'saved', at: savedAt } : { status: 'idle' });
  const [saver] = useState(() =>
    createDraftSaver({
      save: async (draft, options) => {
        const answer = await saveDraft(clientId, draft, options);
        queryClient.setQueryData(teamKeys.draft(clientId), answer.rascunho);
        return answer.rascunho;
      },
      onState: setState,
    }),
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void saver.flush({ keepalive: true });
    };
    const onPageHide = () => void saver.flush({ keepalive: true });
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the editor inside the console: what is unsaved still goes.
      void saver.flush();
    };
  }, [saver]);

  return { state, schedule: saver.schedule, flush: saver.flush, stop: saver.stop };
}
