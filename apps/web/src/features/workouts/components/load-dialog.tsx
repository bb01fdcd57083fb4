import { loadUpdateSchema, parseDecimal, type Exercise } from '@acompanha/contract';
import { Pencil } from 'lucide-react';
import { onlineManager } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@acompanha/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@acompanha/ui/dialog';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { useUpdateLoad } from '../api/load-update';

/** SPEC.md §5: the load input holds at most 4 characters. */
const LOAD_MAX_LENGTH = 4;
const LOAD_INVALID = 'Informe uma carga de 0 ou mais.';

/** The saved load as the field shows it: with a decimal comma, as typed here ('32,5'). */
const asText = (carga: number | null) => (carga === null ? '' : String(carga).replace('.', ','));

/**
 * 'Editar carga': a number in kg, with a decimal comma or dot (`parseDecimal`); empty saves 0;
 * anything else is refused in the field; the dialog stays open with the value on failure.
 * Offline the edit waits for the connection (shown on the exercise) and the dialog closes at once.
 */
export function LoadDialog({ exercise }: { exercise: Exercise }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Editar carga" title="Editar carga" className="-my-2 -mr-2 text-primary">
          <Pencil aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent>
        {/* Mounted afresh at every opening, so it starts from the saved load. */}
        <LoadForm exercise={exercise} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LoadForm({ exercise, onSaved }: { exercise: Exercise; onSaved: () => void }) {
  const initial = asText(exercise.carga);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const update = useUpdateLoad();
  const formId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = loadUpdateSchema.safeParse({ carga: value.trim() === '' ? 0 : parseDecimal(value) });
    if (!parsed.success || parsed.data.carga === null) {
      setError(LOAD_INVALID);
      return;
    }
    update.mutate({ exerciseId: exercise.id, carga: parsed.data.carga }, { onSuccess: onSaved });
    if (!onlineManager.isOnline()) onSaved();
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Editar carga</DialogTitle>
        <DialogDescription>{exercise.atividade.titulo}</DialogDescription>
      </DialogHeader>
      <form id={formId} noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
        <FormField label="Carga (kg)" error={error}>
          {(control) => (
            <Input
              {...control}
              // Text, not a number input: that one drops a decimal comma the browser's language does not use ('32,5' became 325).
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={LOAD_MAX_LENGTH}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog exists to type this one value
              autoFocus
              value={value}
              onChange={(event) => {
                // maxLength binds typing only, not a value set otherwise (autofill, a script): held here too.
                const next = event.target.value;
                if (next.length > LOAD_MAX_LENGTH) return;
                setValue(next);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <Button type="submit" pending={update.isPending} disabled={value === initial}>
          Salvar
        </Button>
      </form>
    </>
  );
}
