import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest files first, across the three projects. Vitest orders by the durations of its last run on this machine;
 * a fresh checkout (CI) has none, so it ran files by project and name, and a browser file of several minutes picked
 * late kept one worker busy after the others had finished. Durations come from vitest's own cache when it has them,
 * else from tests/timings.json (seconds per file, written by `npm run test:timings` after a full run), else an
 * estimate by project for a new file.
 */
const RECORDED: Record<string, number> = JSON.parse(readFileSync(new URL('./timings.json', import.meta.url), 'utf8'));
const NEW_FILE: Record<string, number> = { e2e: 40, server: 5, unit: 1 };

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = (spec: TestSpecification) => {
      const name = relative(this.ctx.config.root, spec.moduleId).replaceAll('\\', '/');
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${name}`)?.duration;
      return cached !== undefined ? cached / 1000 : RECORDED[`${spec.project.name}:${name}`] ?? NEW_FILE[spec.project.name] ?? 5;
    };
    const order = new Map(files.map((spec) => [spec, expected(spec)]));
    return [...files].sort((a, b) => order.get(b)! - order.get(a)!);
  }
}
