import { emitAction } from '../../renderers/actions/actions';

/** Row actions the chat dialog answers (raised by the table renderer or the user menu). */
export const CHAT_ACTIONS = { ask: 'ask', view: 'view', open: 'messages' } as const;

/** Opens 我的消息, optionally on one teacher's conversation. */
export function openChat(teacherId?: number): void {
  emitAction({ action: CHAT_ACTIONS.open, row: teacherId ? { teacher_id: teacherId } : {} });
}
