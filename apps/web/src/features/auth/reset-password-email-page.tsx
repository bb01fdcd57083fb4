export function ResetPasswordEmailPage() {
  return <h1 className="text-2xl font-semibold">Esqueceu sua senha?</h1>;
}
