import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@acompanha/ui/accordion';
import { BackHeading } from './components/back-heading';
import { FAQ_ENTRIES } from './faq-content';

export function FaqPage() {
  return (
    <>
      <BackHeading title="Perguntas frequentes">
        <p className="text-small text-muted-foreground">Toque em uma pergunta para ver a resposta.</p>
      </BackHeading>
      <Accordion>
        {FAQ_ENTRIES.map((entry) => (
          <AccordionItem key={entry.question} value={entry.question}>
            <AccordionTrigger>{entry.question}</AccordionTrigger>
            <AccordionContent>{entry.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </>
  );
}
