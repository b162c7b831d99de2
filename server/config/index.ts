// Site configuration layer: YAML files under config/ -> validated, merged per school -> GET /api/config.
export { createConfigStore } from './store.js';
export type { ConfigStore, ConfigStoreOptions, SchoolConfig } from './store.js';
export { readConfig, displayPathFor, type ConfigSnapshot, type ReadResult, type ReadOptions, type SchoolPatch } from './snapshot.js';
export { mergePatch, type Json } from './merge.js';
export { parseYaml, loadYamlFile, type LoadedYaml } from './load.js';
export { createValidators, errorsToIssues, suggest, levenshtein, dotted, type Validators, type ConfigKind } from './validate.js';
export { locate, locateIn, type PathSeg, type Position, type Target } from './positions.js';
export { formatIssue, type Issue } from './issues.js';
