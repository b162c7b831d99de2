/**
 * Window event a row action raises; bespoke pieces (e.g. the chat dialog) listen for the action names they handle.
 * It carries no data loading: what an action changes is reloaded through the query cache (`invalidates`).
 */
export const APP_ACTION_EVENT = 'app:action';

export interface AppActionDetail {
  /** Action name from YAML, e.g. ask. */
  action: string;
  /** The row (or card item) the action was taken on. */
  row: Record<string, unknown>;
  /** Id of the screen the action came from. */
  screen?: string;
  /** Calls whose answers the action changes (YAML `invalidates:`): the piece invalidates them after its own write. */
  invalidates?: string[];
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
