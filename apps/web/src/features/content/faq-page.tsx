import { DocumentTitle } from '../../components/document-title';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@acompanha/ui/accordion';
import { FAQ_ENTRIES } from './faq-content';

export function FaqPage() {
  return (
    <>
      <DocumentTitle>Perguntas frequentes</DocumentTitle>
      <div className="flex flex-col gap-1">
        <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
          Perguntas frequentes
        </h1>
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
