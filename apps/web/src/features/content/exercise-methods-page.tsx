export function ExerciseMethodsPage() {
  return <h1 className="text-2xl font-semibold">Métodos de treinamento</h1>;
}
