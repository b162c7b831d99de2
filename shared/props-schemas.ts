// Every screen type's props schema, keyed by type, for the server's config checker. Generated from the schemas that
// sit next to their renderers in src/ (`npm run config:schema`; a unit test fails when it is stale).
import schemas from './props-schemas.gen.json';

export const propsSchemas: Record<string, object> = schemas;
