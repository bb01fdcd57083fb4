export function WorkoutPage() {
  return <h1 className="text-2xl font-semibold">Treino</h1>;
}
