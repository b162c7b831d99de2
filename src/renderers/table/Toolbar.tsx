import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from './FormDialog';
import type { ToolbarButton } from './schema.gen';

/** The buttons above a table; each opens its YAML form in a dialog and reloads the list after a successful post. */
export function Toolbar({ buttons, onDone }: { buttons: ToolbarButton[]; onDone: () => void }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Group mb="md" gap="sm">
      {buttons.map((button, i) => (
        <span key={i}>
          <Button color={button.color} onClick={() => setOpen(i)}>{button.label}</Button>
          <FormDialog form={button.form} opened={open === i} onClose={() => setOpen(null)} onDone={onDone} />
        </span>
      ))}
    </Group>
  );
}
