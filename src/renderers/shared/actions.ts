/** Window event a row action raises; bespoke pieces (e.g. the chat dialog) listen for the action names they handle. */
export const APP_ACTION_EVENT = 'app:action';

export interface AppActionDetail {
  /** Action name from YAML, e.g. ask. */
  action: string;
  /** The row (or card item) the action was taken on. */
  row: Record<string, unknown>;
  /** Id of the screen the action came from. */
  screen?: string;
}

export function emitAction(detail: AppActionDetail): void {
  window.dispatchEvent(new CustomEvent<AppActionDetail>(APP_ACTION_EVENT, { detail }));
}

/** Subscribes to row actions; returns the unsubscribe function (for a React effect's cleanup). */
export function onAppAction(handler: (detail: AppActionDetail) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<AppActionDetail>).detail);
  window.addEventListener(APP_ACTION_EVENT, listener);
  return () => window.removeEventListener(APP_ACTION_EVENT, listener);
}

/** Window event announcing that what an endpoint answers has changed; lists reading that endpoint reload. */
export const APP_REFRESH_EVENT = 'app:refresh';

export function emitRefresh(endpoint: string): void {
  window.dispatchEvent(new CustomEvent<{ endpoint: string }>(APP_REFRESH_EVENT, { detail: { endpoint } }));
}

export function onRefresh(endpoint: string, handler: () => void): () => void {
  const listener = (event: Event) => (event as CustomEvent<{ endpoint: string }>).detail.endpoint === endpoint && handler();
  window.addEventListener(APP_REFRESH_EVENT, listener);
  return () => window.removeEventListener(APP_REFRESH_EVENT, listener);
}
