import path from 'node:path';
import { readConfig as readAndValidate, watchedFiles, type ReadOptions, type ReadResult } from '../../server/config/snapshot';
import { hashOfInputs, keptRead } from './kept-reads';

// server/config/snapshot.ts as the browser suite's server bundle has it: a configuration read and validated once in
// the run is taken from tests/e2e/kept-reads.ts when the files and options are the same; any other is read in full,
// its issues reported exactly as by the real module (which this one calls).
export * from '../../server/config/snapshot';

export function readConfig(configDir: string, options: ReadOptions = {}): ReadResult {
  let full: ReadResult | undefined;
  const dir = path.resolve(configDir);
  const snapshot = keptRead(
    () => hashOfInputs('config', dir, watchedFiles(dir), [options.allTypesKnown ?? false, options.rendererSchemas ?? null]),
    () => (full = readAndValidate(configDir, options)).snapshot,
  );
  return full ?? { snapshot, issues: [], fileCount: snapshot!.fileCount };
}
