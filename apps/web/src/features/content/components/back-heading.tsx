import { DocumentTitle } from '../../../components/document-title';
import { HistoryBackButton } from '../../../components/history-back-button';

/** A reference screen's title, with the way back to the screen that linked to it. */
export function BackHeading({ title }: { title: string }) {
  return (
    <div className="flex items-center gap-1">
      <DocumentTitle>{title}</DocumentTitle>
      <HistoryBackButton />
      <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
        {title}
      </h1>
    </div>
  );
}
