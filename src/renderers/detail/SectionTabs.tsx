import { Tabs, Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { EmptyList } from '../ui/ListStatus';
import { formatText } from '../format/format';
import type { DetailProps } from './schema.gen';

/** Detail sections as tabs; their HTML comes from the database and is sanitised before it is rendered. */
export function SectionTabs({ sections, config }: { sections: Record<string, unknown>[]; config: NonNullable<DetailProps['tabs']> }) {
  if (sections.length === 0) return <EmptyList text={config.empty} />;
  return (
    <Tabs defaultValue="0" keepMounted={false} data-testid="detail-tabs">
      <Tabs.List>
        {sections.map((s, i) => <Tabs.Tab key={i} value={String(i)}>{formatText(s[config.titleField])}</Tabs.Tab>)}
      </Tabs.List>
      {sections.map((s, i) => (
        <Tabs.Panel key={i} value={String(i)} pt="md">
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(formatText(s[config.contentField])) }} />
          </Typography>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
