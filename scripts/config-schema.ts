// npm run config:schema — after a props schema changed: refreshes the shared parts copied into props schemas,
// regenerates the `*.gen.ts` props types next to every schema, the editors' screen schema and the server's copy of
// every props schema (shared/props-schemas.gen.json: the server reads that, never the client's tree), and the types of
// the config files themselves from config/schema/*.json (shared/*-config.gen.ts, shared/endpoints.gen.ts).
import fs from 'node:fs';
import path from 'node:path';
import { generateConfigTypes } from '../server/config/config-types.js';
import { editorScreenSchema } from '../server/config/editor-schema.js';
import { generatePropsTypes, PROPS_SCHEMAS_FILE, propsSchemasJson, refreshedCopies, ROOT, SCREEN_PROPS_FILE, screenPropsMap } from '../server/config/props-types.js';

const EDITOR_SCHEMA = 'config/schema/screen.editor.schema.json';

const write = (files: Map<string, string>) => {
  let changed = 0;
  for (const [file, text] of files) {
    const target = path.join(ROOT, file);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
    fs.writeFileSync(target, text);
    changed++;
    console.log(`已更新 ${file}`);
  }
  return changed;
};

const copies = write(refreshedCopies());
// Imported only now, so what is built from it sees the refreshed copies.
const { propsSchemas } = await import('../src/propsSchemas.js');
const types = await generatePropsTypes();
const schemaCount = types.size;
types.set(SCREEN_PROPS_FILE, screenPropsMap(propsSchemas));
types.set(PROPS_SCHEMAS_FILE, propsSchemasJson(propsSchemas));
for (const [file, text] of await generateConfigTypes()) types.set(file, text);
const changed = write(types);
const editor = write(new Map([[EDITOR_SCHEMA, `${JSON.stringify(editorScreenSchema(propsSchemas), null, 2)}\n`]]));
console.log(`${schemaCount} 个参数 Schema；更新了 ${copies} 个内嵌副本、${changed} 个类型文件${editor ? '和编辑器 Schema' : ''}`);
