import path from 'node:path';
import { loadContract as readContract, type Contract } from '../../server/contract';
import { hashOfInputs, keptRead } from './kept-reads';

// server/contract.ts as the browser suite's server bundle has it: endpoints.yaml parsed once in the run
// (tests/e2e/kept-reads.ts); a changed or broken file is read by the real module, which this one calls.
export * from '../../server/contract';

export function loadContract(configDir: string): Contract {
  const file = path.join(configDir, 'endpoints.yaml');
  return keptRead(() => hashOfInputs('contract', configDir, [file]), () => readContract(configDir))!;
}
