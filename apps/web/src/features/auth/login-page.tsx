export function LoginPage() {
  return <h1 className="text-2xl font-semibold">Entrar</h1>;
}
