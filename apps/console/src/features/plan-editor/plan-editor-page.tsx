import type { PlanDraft, PlanSummary } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { Skeleton } from '@acompanha/ui/skeleton';
import { isToday, parseISO } from 'date-fns';
import { formatTime, isoDay } from '@acompanha/ui/dates';
import { ChevronLeft, Send } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useClientHeader } from '../../lib/client-header';
import { useClientId } from '../../lib/client-id';
import { useMe } from '../../lib/me';
import { usePageTitle } from '../../lib/page-title';
import { refusalOf, useDiscardDraft, useDraft, usePlanHistory, usePublishPlan } from './api/plans';
import { useDraftAutosave, type SaveState } from './api/use-draft-autosave';
import { DietsSection } from './components/diets-section';
import { EditorContext, type EditorContextValue } from './components/editor-context';
import { ErrorSummary } from './components/error-summary';
import { EvaluationSection } from './components/evaluation-section';
import { NewerPlanDialog } from './components/newer-plan-dialog';
import { dateTimeLabel } from './components/published-label';
import { StartChooser } from './components/start-chooser';
import { WorkoutsSection } from './components/workouts-section';
import { fieldErrorsOf, type FieldError } from './model/plan-errors';
import { fromPlanFile, planShape, toPlanFile, type PlanForm } from './model/plan-form';

/** What the client's page says after publishing. */
export const PUBLISHED_NOTICE = 'Plano publicado. O cliente já vê o novo plano.';

/** `/clientes/:id/plano`: the plan editor, on the client's draft when there is one (decision 042). */
export function PlanEditorPage() {
  const clientId = useClientId();
  const client = useClientHeader(clientId).data;
  usePageTitle(client ? `Novo plano · ${client.nome}` : 'Novo plano');
  const history = usePlanHistory(clientId);
  const draft = useDraft(clientId);

  return (
    <div className="flex flex-col gap-6">
      <Link to={`/clientes/${clientId}/planos`} className="-ml-1 flex items-center gap-1 self-start rounded-lg text-small font-semibold text-primary hover:underline">
        <ChevronLeft aria-hidden className="size-4" />
        {client?.nome ?? 'Cliente'}
      </Link>
      {history.isError || draft.isError ? (
        <>
          <h1 className="text-headline font-bold tracking-tight">Novo plano</h1>
          <LoadError
            error={(history.error ?? draft.error)!}
            retrying={history.isFetching || draft.isFetching}
            onRetry={() => {
              void history.refetch();
              void draft.refetch();
            }}
          />
        </>
      ) : history.isPending || draft.isPending ? (
        <>
          <h1 className="text-headline font-bold tracking-tight">Novo plano</h1>
          <Skeleton className="h-64" aria-busy />
        </>
      ) : (
        // The draft and history as they were when the editor opened: later saves are the editor's own.
        <Editor clientId={clientId} clientName={client?.nome} initialDraft={draft.data} current={history.data[0]} />
      )}
    </div>
  );
}

interface Session {
  form: PlanForm;
  /** The client's latest evaluation when this plan was started: publishing warns if another came since. */
  base: number | null;
}

function Editor({ clientId, clientName, initialDraft, current }: { clientId: number; clientName?: string; initialDraft: PlanDraft | null; current: PlanSummary | undefined }) {
  const navigate = useNavigate();
  const me = useMe().data;
  const [session, setSession] = useState<Session | null>(() => (initialDraft ? { form: fromPlanFile(initialDraft.plano), base: initialDraft.avaliacao_base } : null));
  const [resumed] = useState(initialDraft);
  const autosave = useDraftAutosave(clientId, initialDraft?.editado_em);
  const discard = useDiscardDraft(clientId);
  const publish = usePublishPlan(clientId);
  // The errors of the plan as sent, by path: once an item is added, moved or removed, the paths name other fields.
  const [refusal, setRefusal] = useState<{ message: string; errors: FieldError[]; shape: string } | null>(null);
  const standing = useMemo(
    () => (refusal && session && planShape(session.form) !== refusal.shape ? { ...refusal, errors: [], moved: true } : refusal && { ...refusal, moved: false }),
    [refusal, session],
  );
  const [newer, setNewer] = useState<{ message: string; plan: PlanSummary } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<{ id: string; fallbackId?: string } | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  // Changes made in this editor (0: only what was loaded): each is saved, what was loaded is not saved again.
  const [revision, setRevision] = useState(0);
  const today = isoDay(new Date());

  // Focus follows an item that moved, or goes to the one added; a button that became disabled hands it to its pair.
  useLayoutEffect(() => {
    if (!pendingFocus) return;
    const usable = (id?: string) => {
      const element = id ? document.getElementById(id) : null;
      return element && !(element as HTMLButtonElement).disabled ? element : null;
    };
    const target = usable(pendingFocus.id) ?? usable(pendingFocus.fallbackId);
    target?.focus();
  }, [pendingFocus]);

  const { schedule } = autosave;
  useEffect(() => {
    if (session && revision > 0) schedule({ plano: toPlanFile(session.form), avaliacao_base: session.base });
  }, [session, revision, schedule]);

  const update = useCallback((change: (form: PlanForm) => PlanForm) => {
    setRevision((count) => count + 1);
    setSession((held) => (held ? { ...held, form: change(held.form) } : held));
  }, []);
  const clearError = useCallback(
    (id: string) => setRefusal((held) => (held && held.errors.some((error) => error.id === id) ? { ...held, errors: held.errors.filter((error) => error.id !== id) } : held)),
    [],
  );
  const editor = useMemo<EditorContextValue | null>(
    () =>
      session && {
        form: session.form,
        update,
        errors: new Map(standing?.errors.map((error) => [error.id, error])),
        clearError,
        announce: setAnnouncement,
        focusAfterRender: (id, fallbackId) => setPendingFocus({ id, fallbackId }),
      },
    [session, update, standing, clearError],
  );

  const start = (form: PlanForm) => {
    setRevision((count) => count + 1);
    setSession({ form, base: current?.id ?? null });
  };

  const send = async (substituir: boolean) => {
    if (!session) return;
    // The last change reaches the draft first: a save landing after publishing would bring the draft back.
    await autosave.flush();
    publish.mutate(
      { plano: toPlanFile(session.form), avaliacao_base: session.base, substituir },
      {
        onSuccess: () => {
          autosave.stop();
          navigate(`/clientes/${clientId}/planos`, { state: { aviso: PUBLISHED_NOTICE } });
        },
        onError: (error) => {
          const why = refusalOf(error);
          setNewer(null);
          if (why.kind === 'newer') return setNewer({ message: why.message, plan: why.newer });
          const shape = planShape(session.form);
          setRefusal(why.kind === 'invalid' ? { message: why.message, errors: fieldErrorsOf(why.errors, session.form), shape } : { message: why.error.message, errors: [], shape });
          requestAnimationFrame(() => summary.current?.focus());
        },
      },
    );
  };

  const someoneElse = resumed && me && resumed.editado_por.id !== me.id;

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-bold tracking-tight">Novo plano{clientName ? ` de ${clientName}` : ''}</h1>
        <p className="text-small text-muted-foreground">O rascunho é salvo enquanto você edita. O cliente só vê o plano depois de publicado.</p>
      </div>
      {resumed && (
        <Alert variant={someoneElse ? 'warning' : 'info'}>
          <p>
            {someoneElse
              ? `${resumed.editado_por.nome} está editando este plano (rascunho salvo em ${dateTimeLabel(resumed.editado_em)}). Suas mudanças substituem o rascunho dele(a).`
              : `Rascunho de ${resumed.editado_por.nome}, salvo em ${dateTimeLabel(resumed.editado_em)}.`}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            pending={discard.isPending}
            onClick={() =>
              discard.mutate(undefined, {
                onSuccess: () => {
                  autosave.stop();
                  navigate(`/clientes/${clientId}/planos`);
                },
              })
            }
          >
            Descartar rascunho
          </Button>
        </Alert>
      )}
      {!session || !editor ? (
        <StartChooser clientId={clientId} current={current} today={today} onStart={start} />
      ) : (
        <EditorContext value={editor}>
          {standing && <ErrorSummary ref={summary} message={standing.message} errors={standing.errors} moved={standing.moved} />}
          <EvaluationSection />
          <WorkoutsSection />
          <DietsSection />
          <PublishBar saveState={autosave.state} pending={publish.isPending} onPublish={() => void send(false)} />
          <NewerPlanDialog
            newer={newer?.plan ?? null}
            message={newer?.message ?? ''}
            pending={publish.isPending}
            onReplace={() => void send(true)}
            onCancel={() => setNewer(null)}
          />
        </EditorContext>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

const SAVE_TEXTS: Record<SaveState['status'], string> = {
  idle: 'Rascunho ainda não salvo.',
  saving: 'Salvando rascunho…',
  saved: 'Rascunho salvo',
  failed: 'Não foi possível salvar o rascunho. Tentando de novo…',
};

/** Stays at the bottom of the screen: where the draft stands, and 'Publicar plano'. */
function PublishBar({ saveState, pending, onPublish }: { saveState: SaveState; pending: boolean; onPublish: () => void }) {
  let text = SAVE_TEXTS[saveState.status];
  if (saveState.status === 'saved') {
    const savedAt = parseISO(saveState.at);
    text = `${text} ${isToday(savedAt) ? `às ${formatTime(savedAt)}` : `em ${dateTimeLabel(saveState.at)}`}.`;
  }
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t border-border bg-card/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
      <p className={saveState.status === 'failed' ? 'min-w-0 text-small font-medium text-destructive' : 'min-w-0 text-small text-muted-foreground'}>{text}</p>
      <Button type="button" pending={pending} onClick={onPublish}>
        <Send aria-hidden />
        Publicar plano
      </Button>
    </div>
  );
}
