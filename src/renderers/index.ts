// Registers every generic renderer under its YAML `type:` name. Imported once by the engine's bootstrap.
import { register } from '../engine/registry';
import CardsRenderer from './cards';
import FormRenderer from './form';
import NoticeRenderer from './notice';
import TableRenderer from './table';

register('cards', CardsRenderer);
register('table', TableRenderer);
register('form', FormRenderer);
register('notice', NoticeRenderer);

// Building blocks other pieces (login, profile, chat, ...) reuse.
export { SchemaForm, type SchemaFormProps } from './form/SchemaForm';
export { serverErrorsToErrorSchema, type FieldMessages } from './form/messages';
export { Pager, type PagerProps } from './pager';
export { FilterBar } from './filters/FilterBar';
export { APP_ACTION_EVENT, emitAction, onAppAction, type AppActionDetail } from './shared/actions';
export { useRemoteList, type RemoteList } from './shared/useRemoteList';
export { formatCount, formatDate } from './shared/format';
