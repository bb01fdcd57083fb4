import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { BackLink } from '../../../components/back-link';

/** A reference screen's title, under the way back to the screen that linked to it. */
export function BackHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <DocumentTitle>{title}</DocumentTitle>
      <BackLink />
      <div className="flex flex-col gap-1">
        <h1 tabIndex={-1} className="text-headline font-extrabold tracking-tight focus:outline-none">
          {title}
        </h1>
        {children}
      </div>
    </>
  );
}
