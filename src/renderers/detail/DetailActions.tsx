import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, evaluate, invalidateEndpoints, notify, session, shellSettings, useSiteConfig } from '../shared/engine';
import { resolveLink } from '../links/links';
import { readPath, resolveParams } from '../data/request';
import type { TemplateScope } from '../data/source';
import { ResourcesDialog } from './ResourcesDialog';
import type { DetailAction } from './schema.gen';

interface Props {
  actions: DetailAction[];
  scope: TemplateScope & { record: Record<string, unknown> };
  /** Replaces fields of the shown record after an action changed them on the server. */
  patch: (fields: Record<string, unknown>) => void;
}

/** The buttons of a detail page: toggle a flag, launch (a chain of calls ending in a URL), files dialog, link. */
export function DetailActions({ actions, scope, patch }: Props) {
  const navigate = useNavigate();
  const config = useSiteConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const [filesOpen, setFilesOpen] = useState<string | null>(null);
  const record = scope.record;

  const needsLogin = (action: DetailAction) => {
    if (!action.login || session.token()) return false;
    const here = window.location.hash.replace(/^#/, '') || '/';
    navigate(`${config ? shellSettings(config).loginPath : '/login'}?redirect=${encodeURIComponent(here)}`);
    return true;
  };

  const run = async (action: DetailAction) => {
    if (needsLogin(action)) return;
    if (action.kind === 'link') return navigate(resolveLink([action], scope) ?? '/');
    if (action.kind === 'files') return setFilesOpen(action.label);
    if (action.kind === 'launch') {
      const blocked = action.blockedField ? record[action.blockedField] : null;
      if (blocked) return notify.error(String(blocked));
      // Opened now, while the click still counts as a user gesture, so pop-up blockers let it through.
      const win = window.open('about:blank', '_blank');
      setBusy(action.label);
      try {
        let reply: unknown = null;
        for (const call of action.calls) reply = await api.call(call.endpoint, resolveParams(call.params, scope));
        void invalidateEndpoints(action.invalidates);
        const url = String(readPath(reply, action.urlField) ?? '');
        if (win) win.location.href = url;
        else window.location.href = url;
      } catch {
        win?.close();
      } finally {
        setBusy(null);
      }
      return;
    }
    setBusy(action.label);
    try {
      const reply = await api.call<Record<string, unknown>>(action.call.endpoint, resolveParams(action.call.params, scope));
      patch({ [action.field]: reply?.[action.field] });
      void invalidateEndpoints(action.invalidates);
    } catch {
      // the api client has told the user
    } finally {
      setBusy(null);
    }
  };

  const shown = actions.filter((a) => a.when === undefined || evaluate(a.when, scope));
  return (
    <Group gap="sm" mt="md">
      {shown.map((action) => {
        const active = action.kind === 'toggle' && Boolean(Number(record[action.field]));
        const primary = action.kind === 'launch';
        return (
          <Button key={action.label} variant={primary ? 'filled' : active ? 'light' : 'default'} loading={busy === action.label}
            onClick={() => void run(action)} data-testid={`action-${action.kind}`} aria-pressed={action.kind === 'toggle' ? active : undefined}>
            {active && action.kind === 'toggle' ? action.activeLabel : action.label}
          </Button>
        );
      })}
      {shown.map((action) => action.kind === 'files' && (
        <ResourcesDialog key={`files-${action.label}`} opened={filesOpen === action.label} onClose={() => setFilesOpen(null)} title={action.title ?? action.label}
          files={(readPath(record, action.field) as Record<string, unknown>[] | undefined) ?? []} nameField={action.nameField} pathField={action.pathField}
          failed={action.failed} empty={action.empty} />
      ))}
    </Group>
  );
}
