import { Anchor, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { screenTrail } from '../../shared/screen-trail';
import { useSiteConfig } from './config';
import type { ScreenConfig } from './types';

/**
 * The page's one h1: the screen's title, after the screens it sits under (YAML `parent:`), each a link back — 成绩中心 /
 * 成绩详情. A screen with `heading: false` shows its own title (the login box, the exam paper), so its h1 is for
 * screen readers only, named by aria-label so that a search for the title's text finds only what is on screen.
 */
export function PageHeading({ screen }: { screen: ScreenConfig & { title: string } }) {
  const config = useSiteConfig();
  if (screen.heading === false) return <VisuallyHidden component="h1" aria-label={screen.title} data-testid="page-heading" />;
  const trail = config ? screenTrail(config.screens, screen.id).ids.map((id) => config.screens[id]) : [];
  return (
    <Group gap={6} mb="sm" wrap="nowrap" className="page-heading" data-testid="page-heading">
      {trail.length > 0 && (
        <nav aria-label="上级页面">
          <Group gap={6} wrap="nowrap">
            {trail.map((up) => (
              <Fragment key={up.id}>
                <Anchor component={Link} to={up.route} fz="max(16px, 1.125rem)" data-testid="page-trail-link">{up.title ?? up.id}</Anchor>
                <Text span c="dimmed" aria-hidden fz="max(16px, 1.125rem)">/</Text>
              </Fragment>
            ))}
          </Group>
        </nav>
      )}
      <Title order={1} fz="max(18px, 1.25rem)" fw={600} lh={1.4}>{screen.title}</Title>
    </Group>
  );
}
