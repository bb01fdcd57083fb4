export function HomePage() {
  return <h1 className="text-2xl font-semibold">Início</h1>;
}
