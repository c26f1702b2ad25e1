export default function Route() {
  return <h1 className="p-6 text-xl">account</h1>;
}
