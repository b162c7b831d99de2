// The props schema of every registered renderer, by `type` name: the config checker validates each screen's
// `props` against these. JSON only, so the server can import it without React.
import cards from './cards/schema.json';
import detail from './detail/schema.json';
import form from './form/schema.json';
import list from './list/schema.json';
import notice from './notice/schema.json';
import stats from './stats/schema.json';
import table from './table/schema.json';
import tabs from './tabs/schema.json';

export const rendererPropsSchemas: Record<string, object> = { cards, detail, table, form, notice, list, stats, tabs };
