// The props schema of every screen type, generic renderers and custom pieces alike: the config checker and
// the server validate each screen's YAML `props` against its type's schema. JSON only (no React), so the
// server can import it.
import landing from './custom/landing/schema.json';
import weekly from './custom/weekly/schema.json';
import { rendererPropsSchemas } from './renderers/schemas';

export const propsSchemas: Record<string, object> = {
  ...rendererPropsSchemas,
  'landing-page': landing,
  'weekly-picker': weekly,
};
