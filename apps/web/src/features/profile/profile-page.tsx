export function ProfilePage() {
  return <h1 className="text-2xl font-semibold">Perfil</h1>;
}
