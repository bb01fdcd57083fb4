import { FEEDBACK_NOTE_MAX, FEEDBACK_PAIN_PLACE_MAX } from '@acompanha/contract';
import { Button } from '@acompanha/ui/button';
import { ChoiceChips, type Choice } from '@acompanha/ui/choice-chips';
import { FormField } from '@acompanha/ui/form-field';
import { Input } from '@acompanha/ui/input';
import { Textarea } from '@acompanha/ui/textarea';
import { CloudUpload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useOnline } from '../../../../lib/use-online';
import { useSendSessionFeedback } from '../api/session-feedback';

export const EFFORT_REQUIRED = 'Escolha o esforço, de 1 a 5.';

const EFFORT_NAMES = ['Leve', 'Moderado', 'Intenso', 'Muito intenso', 'Máximo'];
const EFFORTS: Choice<number>[] = EFFORT_NAMES.map((name, index) => ({ value: index + 1, label: String(index + 1), name: `${index + 1}, ${name.toLowerCase()}` }));
const PAIN: Choice<'nao' | 'sim'>[] = [
  { value: 'nao', label: 'Não' },
  { value: 'sim', label: 'Sim' },
];

/**
 * 'Como foi?' (DECISIONS.md §6), the summary's step after a session: the effort from 1 to 5,
 * whether something hurt and where, and a note for the team. It can be skipped (`onSkip` then
 * takes the focus on). Sent, it waits behind the session when offline and goes once; the form then
 * gives way to where it stands, which takes the focus.
 */
export function SessionFeedback({ sessionId, onSkip }: { sessionId: string; onSkip: () => void }) {
  const send = useSendSessionFeedback(sessionId);
  const online = useOnline();
  const [effort, setEffort] = useState<number | null>(null);
  const [pain, setPain] = useState<'nao' | 'sim'>('nao');
  const [painPlace, setPainPlace] = useState('');
  const [note, setNote] = useState('');
  const [effortError, setEffortError] = useState<string>();
  const [skipped, setSkipped] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const sent = !send.isIdle && !send.isError;

  // The form gives way to where the word stands: focus goes there, so that it is read out and not lost.
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);

  if (skipped) return null;
  if (sent) {
    // Paused while online is waiting behind its session, which is on its way.
    const waiting = send.isPaused && !online;
    return (
      <p ref={status} tabIndex={-1} role="status" className="flex items-start gap-2 rounded-xl bg-primary-soft px-4 py-3 text-small font-medium text-primary-soft-foreground">
        {waiting && <CloudUpload aria-hidden className="mt-0.5 size-4 shrink-0" />}
        {waiting ? 'Sem conexão: sua avaliação será enviada quando a internet voltar.' : send.isSuccess ? 'Obrigado! A equipe vai ver como foi.' : 'Enviando sua avaliação…'}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (effort === null) {
      setEffortError(EFFORT_REQUIRED);
      // The group is described by the error: focused, a screen reader says it.
      form.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    send.mutate({ sessionId, feedback: { esforco: effort, dor: pain === 'sim', dor_local: pain === 'sim' ? painPlace : null, nota: note } });
  };

  return (
    <section aria-labelledby="session-feedback" className="flex flex-col gap-3 rounded-xl border border-border bg-card px-4 py-4">
      <h3 id="session-feedback" className="text-body font-bold">
        Como foi?
      </h3>
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ChoiceChips
          legend="Esforço"
          choices={EFFORTS}
          value={effort}
          onChange={(value) => {
            setEffort(value);
            setEffortError(undefined);
          }}
          hint="1 é leve, 5 é o máximo que você consegue."
          error={effortError}
        />
        <ChoiceChips legend="Sentiu dor ou desconforto?" choices={PAIN} value={pain} onChange={setPain} />
        {pain === 'sim' && (
          <FormField label="Onde?">
            {(control) => <Input {...control} value={painPlace} onChange={(event) => setPainPlace(event.target.value)} maxLength={FEEDBACK_PAIN_PLACE_MAX} placeholder="Ex.: ombro direito" autoComplete="off" />}
          </FormField>
        )}
        <FormField label="Quer contar algo à equipe? (opcional)">
          {(control) => <Textarea {...control} value={note} onChange={(event) => setNote(event.target.value)} maxLength={FEEDBACK_NOTE_MAX} className="min-h-20" />}
        </FormField>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            className="flex-1"
            onClick={() => {
              setSkipped(true);
              onSkip();
            }}
          >
            Pular
          </Button>
          <Button type="submit" className="flex-1">
            Enviar
          </Button>
        </div>
      </form>
    </section>
  );
}
