export default function Route() {
  return <h1 className="p-6 text-xl">inputs</h1>;
}
