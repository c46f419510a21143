// The two parts of an app catalog (build/catalog-parts.ts).
declare module '*.json?part=first-screen' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
declare module '*.json?part=rest' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
