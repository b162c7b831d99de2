import { Button, Group, Modal, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { emitAction } from '../actions/actions';
import { downloadWithNotice } from '../actions/downloadNotice';
import { api, invalidateEndpoints, notify } from '../shared/engine';
import { resolveLink } from '../links/links';
import { resolveParams } from '../data/request';
import type { TemplateScope } from '../data/source';
import { FormDialog } from './FormDialog';
import type { TableAction } from './action.schema.gen';

type ThenLink = { path: string; query?: Record<string, string | number | boolean> };

type Row = Record<string, unknown>;

/** The list's filter values that are set (the toolbar's scope carries them as `filters`). */
function listFilters(filters: unknown): Record<string, unknown> {
  if (!filters || typeof filters !== 'object') return {};
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * One button of a row or of a table's toolbar (`toolbar`: a full-size button): opens a route (`link`), posts to a call
 * after a confirmation (`post` + `confirm`), opens a form dialog (`form`), downloads what a GET call answers
 * (`download`), sends a chosen file (`upload`), or raises app:action for a bespoke piece. After a post, a form or an
 * upload the list reloads (`onDone`), unless `then` names a route to open.
 */
export function RowActionButton({ action, row, scope, screen, onDone, toolbar }: { action: TableAction; row: Row; scope: TemplateScope; screen?: string; onDone?: () => void; toolbar?: boolean }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'confirm' | 'form' | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // After success: what the button declared it changes loads again wherever shown; then the `then` route (its
  // templates may read the reply as `data`), else the list reloads.
  const finish = (then: ThenLink | undefined, data: unknown) => {
    void invalidateEndpoints(action.invalidates);
    if (then) navigate(resolveLink([then], { ...scope, data }) ?? then.path);
    else onDone?.();
  };

  const post = async () => {
    if (!action.post) return;
    setBusy(true);
    try {
      const { data, message } = await api.callWithMessage(action.post.endpoint, resolveParams(action.post.params, scope));
      notify.success(action.post.successMessage ?? (message && message !== 'success' ? message : '操作成功'));
      setDialog(null);
      finish(action.post.then, data);
    } catch {
      // the api client has told the user why
    } finally {
      setBusy(false);
    }
  };

  // A download is the browser's own (its download bar shows the progress): a link to the call, clicked once; with
  // `progress` the page fetches it and says how far it is (a long zip).
  const download = () => {
    if (!action.download) return;
    let href: string;
    try {
      const filters = action.download.withFilters ? listFilters(scope.filters) : {};
      href = api.fileUrl(action.download.endpoint, { ...filters, ...resolveParams(action.download.params, scope) });
    } catch (error) {
      notify.error((error as Error).message);
      return;
    }
    if (action.download.progress) {
      setBusy(true);
      void downloadWithNotice(href).finally(() => setBusy(false));
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

  const upload = async (file: File | undefined) => {
    if (!action.upload || !file) return;
    setBusy(true);
    try {
      const data = await api.upload(action.upload.endpoint, file, { params: resolveParams(action.upload.params, scope) });
      if (action.upload.message) notify.success(action.upload.message);
      finish(action.upload.then, data);
    } catch {
      // the api client has told the user why
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const click = () => {
    if (action.upload) fileInput.current?.click();
    else if (action.download) download();
    else if (action.link) navigate(resolveLink([action.link], scope) ?? action.link.path);
    else if (action.form) setDialog('form');
    else if (action.post && action.confirm) setDialog('confirm');
    else if (action.post) void post();
    else if (action.action) emitAction({ action: action.action, row, screen, invalidates: action.invalidates });
  };

  return (
    <>
      <Button size={toolbar ? 'sm' : 'compact-sm'} variant={toolbar ? 'filled' : 'light'} color={action.color} loading={busy && !dialog} onClick={click} data-action={action.action}>
        {action.label}
      </Button>
      {action.upload && (
        <input ref={fileInput} type="file" hidden accept={action.upload.accept} data-upload={action.upload.endpoint} onChange={(e) => void upload(e.currentTarget.files?.[0])} />
      )}
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
        <FormDialog form={action.form} item={row} opened={dialog === 'form'} onClose={() => setDialog(null)} onDone={() => finish(undefined, null)} />
      )}
    </>
  );
}
