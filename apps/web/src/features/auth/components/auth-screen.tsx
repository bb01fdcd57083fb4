import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo';

interface AuthScreenProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the signed-out screens: the logo, a title with a line of welcome, then the form. */
export function AuthScreen({ title, description, children }: AuthScreenProps) {
  return (
    <div className="flex flex-1 flex-col">
      <Logo className="mb-10" />
      <div className="mb-8 flex flex-col gap-2">
        <h1 className="text-headline font-extrabold tracking-tight">{title}</h1>
        {description && <p className="text-body text-muted-foreground">{description}</p>}
      </div>
      <div className="flex flex-col gap-5">{children}</div>
    </div>
  );
}
