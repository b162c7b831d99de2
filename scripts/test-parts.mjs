// The parts `npm test` runs (scripts/test.mjs), shared with `npm run test:cpu` (scripts/test-cpu.mjs), which measures
// them one by one: one list, so the measurement is always of what the test command runs.
import { fileURLToPath } from 'node:url';

export const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

/** The checks beside the tests: label (as `npm test` prints it), command and arguments. */
export const CHECKS = {
  typecheck: { label: '类型检查', command: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  lint: { label: '代码检查（ESLint）', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
};

/** The vitest projects (vitest.config.ts). */
export const PROJECTS = ['unit', 'server', 'e2e'];
