import type { TeamSession } from '@acompanha/contract';
import { useId } from 'react';
import { sessionVolume } from '@acompanha/contract';
import { formatKilograms, formatMinutes, formatSet, formatSwappedFrom } from '@acompanha/ui/format';
import { setsByExercise } from '@acompanha/contract';
import { formatStart, minutesOf } from '../sessions';

/** One session of the history: when, which workout, how long, how much, and every set by exercise. */
export function SessionCard({ session }: { session: TeamSession }) {
  const titleId = useId();
  const start = new Date(session.iniciado_em);
  const minutes = minutesOf(session);
  const count = session.series.length;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-col gap-0.5">
        <p className="text-small font-semibold text-muted-foreground tabular-nums">{formatStart(start)}</p>
        <h2 id={titleId} className="text-body font-bold">
          {session.treino_titulo}
        </h2>
      </div>
      <dl className="grid grid-cols-3 gap-2 rounded-xl bg-muted px-3 py-2">
        <Figure label="Duração">{minutes === null ? '-' : formatMinutes(minutes)}</Figure>
        <Figure label="Volume">{formatKilograms(sessionVolume(session.series))}</Figure>
        <Figure label="Séries">{String(count)}</Figure>
      </dl>
      {count > 0 && (
        <ul aria-label={`Séries de ${session.treino_titulo}`} className="flex flex-col gap-2">
          {setsByExercise(session.series).map((exercise) => (
            <li key={exercise.exercicioId} className="flex flex-col text-small">
              <span className="font-semibold">{exercise.nome}</span>
              {exercise.trocaDe && <span className="text-caption text-muted-foreground first-letter:uppercase">{formatSwappedFrom(exercise.trocaDe)}</span>}
              <span className="text-muted-foreground tabular-nums">
                {exercise.sets.map((set, index) => (
                  <span key={set.numero}>
                    {index > 0 && ' · '}
                    {/* A set never breaks across lines; the list breaks between sets. */}
                    <span className="whitespace-nowrap">{formatSet(set)}</span>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-caption font-semibold text-muted-foreground">{label}</dt>
      <dd className="text-small font-bold tabular-nums">{children}</dd>
    </div>
  );
}
