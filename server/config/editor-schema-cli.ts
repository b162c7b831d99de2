// npm run config:schema — regenerates config/schema/screen.editor.schema.json from the registered props schemas.
import fs from 'node:fs';
import path from 'node:path';
import { propsSchemas } from '../../src/propsSchemas.js';
import { editorScreenSchema } from './editor-schema.js';

const file = path.resolve(import.meta.dirname, '../../config/schema/screen.editor.schema.json');
fs.writeFileSync(file, `${JSON.stringify(editorScreenSchema(propsSchemas), null, 2)}\n`);
console.log(`已生成 ${path.relative(process.cwd(), file)}（${Object.keys(propsSchemas).length} 种页面类型）`);
