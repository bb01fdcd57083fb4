import { BadgePercent, MapPin, MessageCircle } from 'lucide-react';
import { Button } from '@acompanha/ui/button';
import { BackHeading } from './components/back-heading';
import { PARTNER_DISCOUNT_PERCENT, SPONSORS, whatsAppLink, type Sponsor } from './supplements-content';

export function SupplementsPage() {
  return (
    <>
      <BackHeading title="Plano alimentar" />
      <section
        aria-labelledby="partner-discount"
        className="flex items-center gap-4 rounded-2xl bg-primary p-5 text-primary-foreground shadow-sm"
      >
        <BadgePercent aria-hidden className="size-10 shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="partner-discount" className="text-title font-extrabold">
            {PARTNER_DISCOUNT_PERCENT}% de desconto
          </h2>
          <p className="text-small">
            Clientes Acompanha têm {PARTNER_DISCOUNT_PERCENT}% de desconto nas lojas parceiras abaixo. Fale com a loja pelo
            WhatsApp e diga que é cliente.
          </p>
        </div>
      </section>
      <ul className="flex flex-col gap-4" aria-label="Lojas parceiras">
        {SPONSORS.map((sponsor) => (
          <li key={sponsor.id}>
            <SponsorCard sponsor={sponsor} />
          </li>
        ))}
      </ul>
    </>
  );
}

function SponsorCard({ sponsor }: { sponsor: Sponsor }) {
  const nameId = `sponsor-${sponsor.id}`;
  return (
    <article className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-sm">
      <div className="flex items-center gap-4">
        {/* The name is written next to it: the logo adds nothing for a screen reader. */}
        <img src={sponsor.logo} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl border border-border" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={nameId} className="text-body font-bold">
            {sponsor.name}
          </h2>
          <p className="flex items-center gap-1 text-small text-muted-foreground">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {sponsor.location}
          </p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={`Categorias de ${sponsor.name}`}>
        {sponsor.categories.map((category) => (
          <li key={category} className="rounded-full bg-muted px-3 py-1 text-caption font-semibold text-muted-foreground">
            {category}
          </li>
        ))}
      </ul>
      <Button asChild variant="secondary" className="w-full">
        <a href={whatsAppLink(sponsor)} target="_blank" rel="noreferrer" aria-describedby={nameId}>
          <MessageCircle aria-hidden />
          Contatar via WhatsApp
        </a>
      </Button>
    </article>
  );
}
