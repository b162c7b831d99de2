import { AspectRatio, Anchor, Button, Group, Image, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useRemoteRecord } from '../../renderers/data/useRemoteRecord';
import { useTemplateScope } from '../../renderers/data/useTemplateScope';
import { formatDate, formatText, thresholdColor } from '../../renderers/format/format';
import { resolveLink } from '../../renderers/links/links';
import type { RendererProps } from '../../renderers/shared/engine';
import { EmptyList, LoadFailed } from '../../renderers/ui/ListStatus';
import { IMAGE_PLACEHOLDER } from '../../renderers/ui/placeholder';
import type { RecentStudyProps } from './schema.gen';

interface RecentCourse {
  learn_id: number;
  name: string;
  thum: string;
  parent_name: string | null;
  last_time: string;
  attempts: number;
  last_score: number | null;
  best_score: number | null;
}

/** What the student did last in a course: the latest score (coloured by threshold), or that it has none yet. */
function LastScore({ course, colors }: { course: RecentCourse; colors: RecentStudyProps['scoreColors'] }) {
  if (course.last_score === null) return <Text size="sm" c="dimmed">已开始学习，暂无成绩</Text>;
  return (
    <Text size="sm" c="dimmed">
      最近成绩 <Text span fw={700} c={thresholdColor(colors, course.last_score) ?? 'blue.8'} inherit>{course.last_score}分</Text>
    </Text>
  );
}

/** `type: recent-study` — 最近学习: the student's last courses with their latest score and 继续学习. */
export default function RecentStudy({ screen, props, embedded }: RendererProps<RecentStudyProps>) {
  const scope = useTemplateScope();
  const { record, error, loading, reload } = useRemoteRecord<RecentCourse[]>(props.source, scope, { failed: '最近学习加载失败' });
  const heading = props.heading ?? screen.title ?? '最近学习';
  const courses = record ?? [];

  // Inside another screen the block only takes room when it has something to show (a failure says so, with a retry).
  if (embedded && !error && courses.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label={heading} data-testid="recent-study">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">{heading}</Title>
        {props.more && <Anchor component={Link} to={props.more.path} size="sm">{props.more.label}</Anchor>}
      </Group>
      {error ? (
        <LoadFailed title={`${heading}加载失败`} message={error} onRetry={reload} />
      ) : loading && !record ? (
        <Skeleton height={72} />
      ) : courses.length === 0 ? (
        <EmptyList text={props.empty ?? '还没有学习记录，去实训项目开始学习吧'} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {courses.map((course) => {
            const to = resolveLink(props.links, { ...scope, item: course as unknown as Record<string, unknown> });
            return (
              <Group key={course.learn_id} gap="sm" wrap="nowrap" align="flex-start" data-testid="recent-course">
                <AspectRatio ratio={16 / 10} w={96} style={{ flex: 'none', background: 'var(--mantine-color-gray-1)', borderRadius: 6, overflow: 'hidden' }}>
                  <Image src={formatText(course.thum) || null} fallbackSrc={IMAGE_PLACEHOLDER} fit="cover" alt="" loading="lazy" />
                </AspectRatio>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} lineClamp={1} title={course.name} data-testid="recent-course-name">{course.name}</Text>
                  {course.parent_name && <Text size="xs" c="dimmed" lineClamp={1}>{course.parent_name}</Text>}
                  <LastScore course={course} colors={props.scoreColors} />
                  <Text size="xs" c="dimmed">{course.attempts > 0 ? `练习 ${course.attempts} 次 · ` : ''}{formatDate(course.last_time, 'date')}</Text>
                  <Group gap="xs" mt={4} wrap="nowrap">
                    {to && (
                      <Button component={Link} to={to} size="compact-sm" variant="light" aria-label={`${props.action ?? '继续学习'}：${course.name}`}>
                        {props.action ?? '继续学习'}
                      </Button>
                    )}
                  </Group>
                </div>
              </Group>
            );
          })}
        </SimpleGrid>
      )}
    </Paper>
  );
}
