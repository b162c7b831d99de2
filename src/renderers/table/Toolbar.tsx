import { Group } from '@mantine/core';
import { evaluate } from '../shared/engine';
import type { TemplateScope } from '../data/source';
import { RowActionButton } from './RowActionButton';
import type { TableAction } from './action.schema.gen';

/**
 * The buttons above a table: the same kinds as a row's (form dialog, post, download, upload, link), their templates and
 * `when` over `record` (the list reply's data); after a form, post or upload the list reloads.
 */
export function Toolbar({ buttons, scope, screen, onDone }: { buttons: TableAction[]; scope: TemplateScope; screen?: string; onDone: () => void }) {
  return (
    <Group mb="md" gap="sm">
      {buttons.filter((b) => b.when === undefined || evaluate(b.when, scope)).map((button, i) => (
        <RowActionButton key={`${i}-${button.label}`} action={button} row={{}} scope={scope} screen={screen} onDone={onDone} toolbar />
      ))}
    </Group>
  );
}
