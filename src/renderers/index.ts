// Registers every generic renderer under its YAML `type:` name. Imported once by the engine's bootstrap.
import { register } from './shared/engine';
import CardsRenderer from './cards';
import DetailRenderer from './detail';
import FormRenderer from './form';
import ListRenderer from './list';
import NoticeRenderer from './notice';
import StatsRenderer from './stats';
import TableRenderer, { type TableRendererProps } from './table';
import TabsRenderer from './tabs';

register('cards', CardsRenderer);
register('detail', DetailRenderer);
register('table', TableRenderer);
register('form', FormRenderer);
register('notice', NoticeRenderer);
register('list', ListRenderer);
register('stats', StatsRenderer);
register('tabs', TabsRenderer);

// Building blocks other pieces (login, profile, chat, ...) reuse.
export { SchemaForm, type SchemaFormProps } from './form/SchemaForm';
export { serverErrorsToErrorSchema, type FieldMessages } from './form/messages';
export { Pager, type PagerProps } from './pager';
export { StatsFigures } from './stats/StatsFigures';
export { FilterBar } from './filters/FilterBar';
export { APP_ACTION_EVENT, emitAction, onAppAction, type AppActionDetail } from './actions/actions';
export { useRemoteList, type RemoteList } from './data/useRemoteList';
export { useRemoteRecord, type RemoteRecord } from './data/useRemoteRecord';
export { useTemplateScope } from './data/useTemplateScope';
export { formatCount, formatDate, formatDuration, thresholdColor } from './format/format';
export { TableRenderer, type TableRendererProps };
