import { PLAN_TITLE_MAX, PLAN_VIDEO_MAX, REQUIRED_MESSAGE, type LibraryActivity } from '@acompanha/contract';
import { Alert } from '@acompanha/ui/alert';
import { Button } from '@acompanha/ui/button';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '@acompanha/client';
import { useSaveActivity } from './api/activities';

export const VIDEO_MESSAGE = 'Informe um link que comece com http:// ou https://, ou deixe em branco.';
export const DUPLICATE_MESSAGE = 'Já existe uma atividade com este título, grupo muscular e vídeo.';
const TOO_LONG_MESSAGE = `Use no máximo ${PLAN_TITLE_MAX} caracteres.`;

/** The library's rules (the plan file's `atividade`), with the team's words. */
const activityFormSchema = z.object({
  titulo: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(PLAN_TITLE_MAX, TOO_LONG_MESSAGE)),
  grupo_muscular: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(PLAN_TITLE_MAX, TOO_LONG_MESSAGE)),
  video: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: VIDEO_MESSAGE }).check(z.maxLength(PLAN_VIDEO_MAX, VIDEO_MESSAGE))]),
});
type ActivityFormValues = z.infer<typeof activityFormSchema>;

const isDuplicate = (error: ApiError) => error.status === 409 && error.field === 'titulo';

/** A new activity (`activity` null) or an edit of one; errors at their fields, the API's too. */
export function ActivityForm({ activity, onDone, onCancel }: { activity: LibraryActivity | null; onDone: (saved: LibraryActivity) => void; onCancel?: () => void }) {
  const save = useSaveActivity();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ActivityFormValues>({
    resolver: zodResolver(activityFormSchema),
    defaultValues: { titulo: activity?.titulo ?? '', grupo_muscular: activity?.grupo_muscular ?? '', video: activity?.video ?? '' },
  });

  const submit = handleSubmit(({ titulo, grupo_muscular, video }) =>
    save.mutate(
      { id: activity?.id ?? null, body: { titulo, grupo_muscular, video: video === '' ? null : video } },
      {
        onSuccess: (saved) => {
          if (!activity) reset();
          onDone(saved);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (isDuplicate(error)) setError('titulo', { message: DUPLICATE_MESSAGE }, { shouldFocus: true });
          else if (error.field === 'video') setError('video', { message: VIDEO_MESSAGE }, { shouldFocus: true });
        },
      },
    ),
  );
  // A full library (409 LibraryFull) is told in its own words, beside the buttons.
  const otherError = save.isError && !(save.error instanceof ApiError && (isDuplicate(save.error) || save.error.field === 'video')) ? save.error : null;

  return (
    <form noValidate className="grid gap-x-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.6fr)]" onSubmit={submit}>
      <FormField label="Título" error={errors.titulo?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register('titulo')} />}
      </FormField>
      <FormField label="Grupo muscular" error={errors.grupo_muscular?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register('grupo_muscular')} />}
      </FormField>
      <FormField label="Link do vídeo" hint="Opcional." error={errors.video?.message}>
        {(control) => <Input type="url" inputMode="url" placeholder="https://" {...control} {...register('video')} />}
      </FormField>
      {otherError && (
        <Alert variant="destructive" className="mb-2 md:col-span-3">
          <p>{otherError.message}</p>
        </Alert>
      )}
      <div className="flex gap-2 md:col-span-3">
        <Button type="submit" pending={save.isPending}>
          {activity ? 'Salvar atividade' : 'Adicionar atividade'}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        )}
      </div>
    </form>
  );
}
