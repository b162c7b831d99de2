import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { emitAction } from '../shared/actions';
import { api, notify } from '../shared/engine';
import { resolveLink } from '../shared/links';
import { resolveParams } from '../shared/request';
import type { TemplateScope } from '../shared/source';
import { FormDialog } from './FormDialog';
import type { RowAction } from './schema.gen';

type Row = Record<string, unknown>;

/**
 * One button of a row: opens a route (`link`), posts to a call after a confirmation (`post` + `confirm`), opens a form
 * dialog (`form`), downloads what a GET call answers (`download`), or raises app:action for a bespoke piece. After a post or a form the list reloads (`onDone`).
 */
export function RowActionButton({ action, row, scope, screen, onDone }: { action: RowAction; row: Row; scope: TemplateScope; screen?: string; onDone?: () => void }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'confirm' | 'form' | null>(null);
  const [busy, setBusy] = useState(false);

  const post = async () => {
    if (!action.post) return;
    setBusy(true);
    try {
      const { message } = await api.callWithMessage(action.post.endpoint, resolveParams(action.post.params, scope));
      notify.success(action.post.successMessage ?? (message && message !== 'success' ? message : '操作成功'));
      setDialog(null);
      onDone?.();
    } catch {
      // the api client has told the user why
    } finally {
      setBusy(false);
    }
  };

  // A download is the browser's own (its download bar shows the progress): a link to the call, clicked once.
  const download = () => {
    if (!action.download) return;
    let href: string;
    try {
      href = api.fileUrl(action.download.endpoint, resolveParams(action.download.params, scope));
    } catch (error) {
      notify.error((error as Error).message);
      return;
    }
    const a = document.createElement('a');
    a.href = href;
    a.download = '';
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
    if (action.download.message) notify.success(action.download.message);
  };

  const click = () => {
    if (action.download) download();
    else if (action.link) navigate(resolveLink([action.link], scope) ?? action.link.path);
    else if (action.form) setDialog('form');
    else if (action.post) (action.confirm ? setDialog('confirm') : void post());
    else emitAction({ action: action.action, row, screen });
  };

  return (
    <>
      <Button size="compact-sm" variant="light" color={action.color} loading={busy && !dialog} onClick={click} data-action={action.action}>
        {action.label}
      </Button>
      {action.post && action.confirm && (
        <Modal opened={dialog === 'confirm'} onClose={() => setDialog(null)} title="请确认" size="sm" centered>
          <Text size="sm">{action.confirm}</Text>
          <Group justify="flex-end" mt="lg" gap="sm">
            <Button variant="default" onClick={() => setDialog(null)}>取消</Button>
            <Button color={action.color} loading={busy} onClick={() => void post()}>确定</Button>
          </Group>
        </Modal>
      )}
      {action.form && (
        <FormDialog form={action.form} item={row} opened={dialog === 'form'} onClose={() => setDialog(null)} onDone={() => onDone?.()} />
      )}
    </>
  );
}
