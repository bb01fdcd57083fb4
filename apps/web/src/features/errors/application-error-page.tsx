export function ApplicationErrorPage() {
  return <h1 className="text-2xl font-semibold">Um Erro foi encontrado</h1>;
}
