export function ResetPasswordFallbackPage() {
  return <h1 className="text-2xl font-semibold">Verificando link</h1>;
}
