export function LandingRoute() {
  return <h1>Promptgrid</h1>;
}
