// Registers every generic renderer under its YAML `type:` name. Imported once by the engine's bootstrap.
import { register, registerLazy } from './shared/engine';
import CardsRenderer from './cards';

// The catalogue (a signed-in student's first page) is drawn at once; every other renderer is its own chunk, loaded
// the first time a screen of its type is shown. Nothing here may import them statically (it would pull them back
// into the first download): pieces that embed one import it from its folder.
register('cards', CardsRenderer);
registerLazy('detail', () => import('./detail'));
registerLazy('table', () => import('./table'));
registerLazy('form', () => import('./form'));
registerLazy('notice', () => import('./notice'));
registerLazy('list', () => import('./list'));
registerLazy('stats', () => import('./stats'));
registerLazy('tabs', () => import('./tabs'));

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
