import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';

interface ErrorScreenProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** The way out: links or buttons, stacked full width. */
  actions: ReactNode;
}

/** A centred message with an icon, for the screens that have nothing else to show. */
export function ErrorScreen({ icon: Icon, title, children, actions }: ErrorScreenProps) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 pb-16 text-center">
      <DocumentTitle>{title}</DocumentTitle>
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden className="size-8" />
      </span>
      <div className="flex flex-col gap-2">
        <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
          {title}
        </h1>
        {children}
      </div>
      <div className="flex w-full flex-col gap-3">{actions}</div>
    </div>
  );
}
