// The props schema of every registered renderer, by `type` name: the config checker validates each screen's
// `props` against these. JSON only, so the server can import it without React.
import cards from './cards/schema.json';
import form from './form/schema.json';
import notice from './notice/schema.json';
import table from './table/schema.json';

export const rendererPropsSchemas: Record<string, object> = { cards, table, form, notice };
