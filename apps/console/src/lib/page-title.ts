import { useEffect } from 'react';

/** 'Clientes · Acompanha Equipe': each screen names the tab, so the team tells its tabs apart. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Acompanha Equipe`;
  }, [title]);
}
