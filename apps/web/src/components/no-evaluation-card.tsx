import { Sparkles } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@acompanha/ui/card';
import { IconTile } from '@acompanha/ui/icon-tile';
import { RenewalLink } from './renewal-link';

/** SPEC.md §2: what Home and Perfil say to a client without an evaluation. */
export const NO_EVALUATION_MESSAGE = 'Você terá acesso a mais informações após a criação de sua avaliação antropométrica.';

/** What happens next, as the FAQ tells it: booked on the site, not in the app; the plan within 48 hours. */
const NEXT_STEPS = [
  { title: 'Agende sua consulta', text: 'A consulta é marcada pelo site, não pelo app.' },
  { title: 'Faça sua avaliação', text: 'Na consulta, a equipe mede seu corpo e conversa sobre seu objetivo.' },
  { title: 'Receba seu plano', text: 'Seus treinos e sua dieta aparecem aqui em até 48 horas.' },
] as const;

/**
 * A client without an evaluation yet (Home's welcome, Perfil's content): SPEC.md's message, the
 * three steps to a plan and the way to book the evaluation, on the renewal site that Perfil's
 * follow-up card links to.
 */
export function NoEvaluationCard({ heading }: { heading: ReactNode }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} data-slot="no-evaluation-card">
      <div className="flex items-start gap-3">
        <IconTile icon={Sparkles} />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} className="text-title font-bold tracking-tight">
            {heading}
          </h2>
          <p className="text-body text-muted-foreground">{NO_EVALUATION_MESSAGE}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <h3 className="text-small font-bold tracking-wide text-muted-foreground uppercase">Próximos passos</h3>
        <ol className="flex flex-col gap-3">
          {NEXT_STEPS.map(({ title, text }, index) => (
            <li key={title} className="flex items-start gap-3">
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-small font-bold text-primary-soft-foreground"
              >
                {index + 1}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="text-body font-semibold">{title}</span>
                <span className="text-small text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
      <RenewalLink className="w-full">Agendar avaliação</RenewalLink>
    </Card>
  );
}
