import { planIncludes, useLatestEvaluation } from '../lib/session/evaluations';
import { RenewalLink } from './renewal-link';

const NOT_IN_PLAN_MESSAGES = {
  diets: 'Seu plano não inclui dietas. Para incluí-las, renove seu acompanhamento.',
  workouts: 'Seu plano não inclui treinos. Para incluí-los, renove seu acompanhamento.',
};

/**
 * Under a diet or a workout that cannot load: when the client's plan does not include that kind
 * of content (a link kept from an earlier plan), why, and the way to renew (Perfil's 'Renovar').
 */
export function NotInPlanNotice({ content }: { content: keyof typeof planIncludes }) {
  const { data: evaluation } = useLatestEvaluation();
  if (!evaluation || planIncludes[content](evaluation.plano)) return null;
  return (
    <div className="flex flex-col items-start gap-2 px-1">
      <p className="text-small text-muted-foreground">{NOT_IN_PLAN_MESSAGES[content]}</p>
      <RenewalLink variant="outline" size="sm" />
    </div>
  );
}
