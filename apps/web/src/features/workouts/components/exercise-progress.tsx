import { bestSet, latestIsRecord, type Exercise, type HistoryEntry } from '@acompanha/contract';
import { Trophy } from 'lucide-react';
import { LineChart } from '@acompanha/ui/line-chart';
import { formatDay, formatDecimal } from '@acompanha/ui/format';
import { useExerciseHistory } from '../api/history-queries';

/** 'Último treino: 3 × 10 com 30 kg': the sets of the last session, with its best set's reps and load. */
function lastSessionText(entry: HistoryEntry): string {
  return `Último treino: ${entry.series} × ${entry.repeticoes} com ${formatDecimal(entry.carga)} kg`;
}

/** 'Recorde: 30 kg × 12 em 16/11/2026': the best set ever, and the day of its session. */
function bestEverText(entry: HistoryEntry): string {
  return `Recorde: ${formatDecimal(entry.carga)} kg × ${entry.repeticoes} em ${formatDay(new Date(entry.data))}`;
}

/**
 * What the client did with this exercise in train mode: the last session, a 'Novo recorde' badge
 * only when that session set a record (the contract's `latestIsRecord`), the best set ever when an
 * earlier session holds it (a lighter or partial last session never hides it), and the best set of
 * each session over time. Nothing until there is a history, and nothing when it cannot be read:
 * the plan above stays whole.
 */
export function ExerciseProgress({ exercise }: { exercise: Exercise }) {
  const { data: history } = useExerciseHistory(exercise.id);
  const last = history?.at(-1);
  if (!history || !last) return null;
  // Each entry is its session's best set, so the best of them is the best ever.
  const best = bestSet(history);
  const titleId = `exercise-${exercise.id}-progress`;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl border border-border bg-card px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-small font-bold">
          Progresso
        </h3>
        {latestIsRecord(history) && (
          <span className="inline-flex items-center gap-1 rounded-full bg-warning-soft px-2.5 py-0.5 text-caption font-bold text-warning-soft-foreground">
            <Trophy aria-hidden className="size-3.5" />
            Novo recorde
          </span>
        )}
      </div>
      <p className="text-body font-semibold">{lastSessionText(last)}</p>
      {best && best !== last && <p className="text-small text-muted-foreground">{bestEverText(best)}</p>}
      {history.length >= 2 && (
        <LineChart
          points={history.map((entry) => ({ date: new Date(entry.data), value: entry.rm_estimado }))}
          colour="text-primary"
          caption={<span className="text-caption text-muted-foreground">Melhor série de cada treino (1RM estimado, kg)</span>}
        />
      )}
      {/* Hidden by a wrapper: a table keeps its content's width whatever it is given, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Melhor série de cada treino de {exercise.atividade.titulo}</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Carga</th>
              <th scope="col">Repetições</th>
              <th scope="col">1RM estimado</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={entry.sessao_id}>
                <th scope="row">{formatDay(new Date(entry.data))}</th>
                <td>{formatDecimal(entry.carga)} kg</td>
                <td>{entry.repeticoes}</td>
                <td>{formatDecimal(entry.rm_estimado)} kg</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
