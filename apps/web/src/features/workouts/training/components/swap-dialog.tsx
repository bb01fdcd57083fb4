import { SWAP_NAME_MAX, type Exercise, type LibraryActivity } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@acompanha/ui/dialog';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { Skeleton } from '@acompanha/ui/skeleton';
import { ArrowLeftRight } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { type ExerciseSwap } from '../model/session';
import { swapExercise } from '../store/train-session';
import { useActivitiesOfGroup } from '../api/activities';

const NAME_MISSING = 'Escreva o nome do exercício.';
const NAME_TOO_LONG = `No máximo ${SWAP_NAME_MAX} caracteres.`;

/**
 * 'Trocar exercício': for today only (the machine is taken), another activity of the same muscle
 * group from the library, or a name the client writes. The sets stay; they count as the new one.
 */
export function SwapDialog({ exercise }: { exercise: Exercise }) {
  const [open, setOpen] = useState(false);
  const choose = (swap: ExerciseSwap) => {
    swapExercise(exercise, swap);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {/* 'Trocar' beside the exercise's name; its name says what it swaps. */}
        <Button variant="outline" size="sm" aria-label="Trocar exercício" className="shrink-0 px-3 text-primary">
          <ArrowLeftRight aria-hidden />
          Trocar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Trocar exercício</DialogTitle>
          <DialogDescription>
            Só neste treino, no lugar de {exercise.atividade.titulo}. No próximo, o plano volta como está.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted afresh at every opening: the library is asked for only when wanted, the name starts empty. */}
        {open && <SwapChoices exercise={exercise} onChoose={choose} />}
      </DialogContent>
    </Dialog>
  );
}

function SwapChoices({ exercise, onChoose }: { exercise: Exercise; onChoose: (swap: ExerciseSwap) => void }) {
  const group = exercise.atividade.grupo_muscular;
  const library = useActivitiesOfGroup(group, true);
  const others = (library.data ?? []).filter((activity) => activity.titulo !== exercise.atividade.titulo);
  const fromLibrary = ({ id, titulo, grupo_muscular, video }: LibraryActivity) => onChoose({ atividade_id: id, titulo, grupo_muscular, video });

  return (
    <div className="flex flex-col gap-4">
      {group !== '' && (
        <section aria-labelledby="swap-library" className="flex flex-col gap-2">
          <h3 id="swap-library" className="text-small font-bold">
            Da biblioteca: {group}
          </h3>
          {library.isPending ? (
            <div aria-busy="true" className="flex flex-col gap-2">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : library.isError ? (
            <p className="text-small text-muted-foreground">Não foi possível ver a biblioteca agora. Escreva o nome do exercício abaixo.</p>
          ) : others.length === 0 ? (
            <p className="text-small text-muted-foreground">Nenhuma outra atividade de {group} na biblioteca.</p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-2 overflow-y-auto">
              {others.map((activity) => (
                <li key={activity.id}>
                  <Button variant="outline" className="h-auto min-h-11 w-full justify-start py-2 text-left whitespace-normal" onClick={() => fromLibrary(activity)}>
                    {activity.titulo}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <NamedSwapForm group={group} onChoose={onChoose} />
    </div>
  );
}

/** Another exercise, by the name the client gives it (one the library lacks, or offline). */
function NamedSwapForm({ group, onChoose }: { group: string; onChoose: (swap: ExerciseSwap) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const titulo = name.trim();
    if (titulo === '') return setError(NAME_MISSING);
    if (titulo.length > SWAP_NAME_MAX) return setError(NAME_TOO_LONG);
    onChoose({ atividade_id: null, titulo, grupo_muscular: group, video: null });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
      <FormField label="Outro exercício" error={error}>
        {(control) => (
          <Input
            {...control}
            type="text"
            autoComplete="off"
            maxLength={SWAP_NAME_MAX}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" variant="secondary">
        Usar este nome
      </Button>
    </form>
  );
}
