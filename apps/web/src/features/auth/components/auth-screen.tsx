import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { Logo } from '@acompanha/ui/logo';

interface AuthScreenProps {
  title: string;
  /** The browser tab's title, when it differs from the screen's. */
  documentTitle?: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the signed-out screens: the logo, a title with a line of welcome, then the form. */
export function AuthScreen({ title, documentTitle = title, description, children }: AuthScreenProps) {
  return (
    <div className="flex flex-1 flex-col">
      <DocumentTitle>{documentTitle}</DocumentTitle>
      <Logo className="mb-10" />
      <div className="mb-8 flex flex-col gap-2">
        <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
          {title}
        </h1>
        {description && <p className="text-body text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-col gap-5">{children}</div>
    </div>
  );
}
