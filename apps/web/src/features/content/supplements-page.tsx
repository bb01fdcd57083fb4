export function SupplementsPage() {
  return <h1 className="text-2xl font-semibold">Plano alimentar</h1>;
}
