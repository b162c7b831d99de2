import { Anchor, Badge, Button, Center, Chip, Group, Image, Kbd, Loader, Modal, NumberInput, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { DocxPreview } from './DocxPreview';
import type { Submission } from './useGrading';

const isImage = (url: string) => /\.(jpe?g|png|gif|webp|svg)(\?|$)/i.test(url);

/** One submission: the student's photos (click to enlarge) or documents, their note, and the score and comment form. */
export function GradePanel(props: {
  markId: number;
  /** The submission's query (the grader's cache: read once, prefetched for the next one). */
  query: UseQueryOptions<Submission>;
  maxScore: number;
  comments: string[];
  position: string;
  onSave: (markId: number, score: number, comment: string) => void;
  /** 退回重做 with the comment as the reason; absent when the screen names no return endpoint. */
  onReturn?: (markId: number, comment: string) => Promise<void>;
  onPrev?: () => void;
  onNext?: () => void;
  prefetch: () => void;
}) {
  const { markId, query, maxScore, comments, onSave, onReturn, onPrev, onNext, prefetch } = props;
  const [returning, setReturning] = useState<'ask' | 'sending' | null>(null);
  const [commentProblem, setCommentProblem] = useState<string | null>(null);
  const read = useQuery(query);
  const work = read.data ?? null;
  const failed = read.isError ? (read.error instanceof Error ? read.error.message : '加载失败') : null;
  const [score, setScore] = useState<number | string>('');
  const [comment, setComment] = useState('');
  const [zoom, setZoom] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const scoreInput = useRef<HTMLInputElement>(null);

  // The form starts from the submission once it is here; what the teacher types afterwards stays.
  const filled = useRef(false);
  useEffect(() => {
    if (!work || filled.current) return;
    filled.current = true;
    setScore(work.score ?? '');
    setComment(work.comment ?? '');
    requestAnimationFrame(() => scoreInput.current?.select());
    prefetch();
  }, [work, prefetch]);

  const save = () => {
    const value = typeof score === 'number' ? score : Number.NaN;
    if (!Number.isInteger(value) || value < 0 || value > maxScore) {
      setProblem(`请输入 0 到 ${maxScore} 的整数分数`);
      scoreInput.current?.focus();
      return;
    }
    setProblem(null);
    onSave(markId, value, comment.trim());
  };
  const keys = getHotkeyHandler([['mod+Enter', save]]);
  const askReturn = () => {
    if (!comment.trim()) return setCommentProblem('请在评语中写明退回原因');
    setCommentProblem(null);
    setReturning('ask');
  };
  const sendReturn = () => {
    setReturning('sending');
    onReturn!(markId, comment.trim()).catch(() => setReturning(null));
  };

  if (failed) return <Text c="red">{failed}</Text>;
  if (!work) return <Center py="xl"><Loader /></Center>;
  const images = work.files.filter((f) => isImage(f.url));
  const documents = [...work.files.filter((f) => !isImage(f.url)), ...work.annex];

  return (
    <Stack gap="md" onKeyDown={keys} data-testid="grade-panel" style={{ flex: 1, minHeight: 0 }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <Text fw={700} size="lg" data-testid="grade-student">{work.realname}</Text>
          <Text c="dimmed" size="sm">{work.student_no}</Text>
          <Text c="dimmed" size="sm">提交于 {work.submitted_at.slice(0, 16)}</Text>
          {work.late && <Badge color="red">迟交</Badge>}
          {work.graded && <Badge color="green" variant="light">已批阅</Badge>}
        </Group>
        <Text c="dimmed" size="sm">{props.position}</Text>
      </Group>

      {images.length > 0 && (
        // Takes the height the rest of the panel leaves (at least 240 px); two photos side by side, more scroll.
        <SimpleGrid cols={{ base: 1, md: images.length > 1 ? 2 : 1 }} spacing="sm" data-testid="grade-photos" style={{ flex: '1 0 240px', minHeight: 240 }}>
          {images.map((f, i) => (
            <Image key={f.url} src={f.url} alt={`第 ${i + 1} 张作品`} radius="sm" h="100%" mih={240} fit="contain" bg="gray.1"
              style={{ cursor: 'zoom-in' }} onClick={() => setZoom(f.url)} />
          ))}
        </SimpleGrid>
      )}
      {documents.map((f) => (
        <Stack key={f.url} gap={6}>
          <Anchor href={f.url} target="_blank" rel="noopener">{f.name || '下载文件'}</Anchor>
          {/\.docx(\?|$)/i.test(f.url) && <DocxPreview url={f.url} name={f.name} />}
        </Stack>
      ))}
      {work.files.length === 0 && <Text c="dimmed">该生没有上传作品</Text>}
      {work.description && <Text size="sm"><Text span c="dimmed">学生说明：</Text>{work.description}</Text>}

      <Group align="flex-start" gap="md" wrap="nowrap">
        <NumberInput ref={scoreInput} label={`分数（满分 ${maxScore}）`} value={score} onChange={setScore} min={0} max={maxScore}
          allowDecimal={false} clampBehavior="none" w={160} error={problem} data-testid="grade-score" />
        <Textarea label="评语" value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} maxRows={6}
          maxLength={500} style={{ flex: 1 }} error={commentProblem} data-testid="grade-comment" />
      </Group>
      {comments.length > 0 && (
        <Group gap={6} role="group" aria-label="常用评语">
          <Text size="xs" c="dimmed">常用评语：</Text>
          {comments.slice(0, 8).map((c) => (
            <Chip key={c} size="xs" checked={false} onChange={() => setComment((v) => (v ? `${v}${c}` : c))}>{c.length > 18 ? `${c.slice(0, 18)}…` : c}</Chip>
          ))}
        </Group>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={onPrev} disabled={!onPrev}>上一份</Button>
          <Button variant="default" onClick={onNext} disabled={!onNext}>下一份</Button>
          {onReturn && work.files.length > 0 && (returning === null
            ? <Button variant="light" color="orange" onClick={askReturn}>退回重做</Button>
            : (
              <Group gap={6} data-testid="return-confirm">
                <Text size="sm" c="orange">退回后学生需重新提交，确定吗？</Text>
                <Button color="orange" size="compact-sm" loading={returning === 'sending'} onClick={sendReturn}>确定退回</Button>
                <Button variant="default" size="compact-sm" disabled={returning === 'sending'} onClick={() => setReturning(null)}>取消</Button>
              </Group>
            ))}
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed"><Kbd>Ctrl</Kbd> + <Kbd>Enter</Kbd> 保存并下一份 · <Kbd>Alt</Kbd> + <Kbd>↑</Kbd>/<Kbd>↓</Kbd> 切换</Text>
          <Button onClick={save} data-testid="grade-save">保存并下一份</Button>
        </Group>
      </Group>
      <Modal opened={zoom !== null} onClose={() => setZoom(null)} size="90vw" title="查看原图" centered>
        {zoom && <Image src={zoom} alt="原图" fit="contain" mah="80vh" />}
      </Modal>
    </Stack>
  );
}
