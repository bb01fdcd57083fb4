export function ResetPasswordPage() {
  return <h1 className="text-2xl font-semibold">Redefinir senha</h1>;
}
