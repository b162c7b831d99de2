// Re-exported from here so that typescript-eslint, installed beside this package's TypeScript 6, parses with it.
export { default } from 'typescript-eslint';
