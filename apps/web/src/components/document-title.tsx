/** The browser tab's title for a screen: React hoists the `<title>` into <head>, wherever it renders. */
export function DocumentTitle({ children }: { children: string }) {
  return <title>{`${children} · Acompanha`}</title>;
}
