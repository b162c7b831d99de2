// tools/lint-typescript re-exports typescript-eslint (installed beside TypeScript 6, out of the root compiler's sight):
// the part the query-layer guard uses.
declare module '@vsim/lint-typescript' {
  const tseslint: {
    parser: { parseForESLint(code: string, options: Record<string, unknown>): { ast: unknown } };
  };
  export default tseslint;
}
