export function FirstAccessPage() {
  return <h1 className="text-2xl font-semibold">Primeiro acesso</h1>;
}
