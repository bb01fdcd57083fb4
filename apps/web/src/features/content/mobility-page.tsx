export function MobilityPage() {
  return <h1 className="text-2xl font-semibold">Mobilidade</h1>;
}
