import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { FAQ_ENTRIES } from './faq-content';

export function FaqPage() {
  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-extrabold tracking-tight">Perguntas frequentes</h1>
        <p className="text-small text-muted-foreground">Toque em uma pergunta para ver a resposta.</p>
      </div>
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
