export function FaqPage() {
  return <h1 className="text-2xl font-semibold">Perguntas frequentes</h1>;
}
