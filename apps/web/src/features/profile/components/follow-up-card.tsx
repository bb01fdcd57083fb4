import type { Evaluation } from '@acompanha/contract';
import { CalendarClock } from 'lucide-react';
import { Card, CardDescription } from '@acompanha/ui/card';
import { daysUntil } from '@acompanha/ui/dates';
import { RenewalLink } from '../../../components/renewal-link';
import { formatDay } from '@acompanha/ui/format';
import { IconCardHeader } from './icon-card-header';

/** When the latest evaluation's follow-up ends, and the way to book the next one. */
export function FollowUpCard({ latest }: { latest: Evaluation }) {
  const ended = daysUntil(latest.vencimento) < 0;
  const endDate = formatDay(latest.vencimento);
  return (
    <Card>
      <IconCardHeader icon={CalendarClock} title="Acompanhamento">
        <CardDescription>{ended ? `Encerrado em ${endDate}` : `Ativo até ${endDate}`}</CardDescription>
      </IconCardHeader>
      <RenewalLink variant="outline" className="w-full" />
    </Card>
  );
}
