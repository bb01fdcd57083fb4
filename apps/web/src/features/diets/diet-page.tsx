export function DietPage() {
  return <h1 className="text-2xl font-semibold">Dieta</h1>;
}
