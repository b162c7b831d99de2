import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, notify } from '../../engine';
import { NoWrap } from './NoWrap';
import { ScoreButton } from './ScoreButton';
import type { FileRef, Receipt, WorkItem, WorkMessages, WorkRules } from './types';
import { useLeaveGuard } from '../shared/useLeaveGuard';
import { useUploads } from './useUploads';
import { WorkUploader } from './WorkUploader';

type Shape = 'training' | 'images' | 'sketch' | 'images+annex' | 'docx';
export function shapeOf(classify: number): Shape {
  if (classify === 1 || classify === 4) return 'training';
  if (classify === 5) return 'docx';
  if (classify === 3) return 'sketch';
  if (classify === 6) return 'images+annex';
  return 'images';
}

/** Spec §4 start rule, on the server's status: homework until its end, an exam only while in progress. */
export function windowMessage(item: Pick<WorkItem, 'kind' | 'status'>, messages: WorkMessages): string | null {
  if (item.kind === 'exam') return item.status === 2 ? null : messages.examWindow;
  return item.status === 1 ? messages.homeworkWindow : null;
}

interface Props {
  item: WorkItem;
  rules: WorkRules;
  messages: WorkMessages;
  /** Name of the id parameter of the submit call: assignment_id (assign/insertmark) or task_id. */
  idParam?: string;
  detailPath?: string;
  startPath?: string;
  onSubmitted?: (receipt: Receipt) => void;
}

/** The work flow of one item: upload mode → attachment mode → submit (confirmed) → completed. */
export function WorkPanel({ item, rules, messages, idParam = 'assignment_id', detailPath, startPath, onSubmitted }: Props) {
  const navigate = useNavigate();
  const shape = shapeOf(item.classify);
  const [mode, setMode] = useState<'idle' | 'upload' | 'annex'>('idle');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [des, setDes] = useState('');
  const [receipt, setReceipt] = useState<Receipt | null>(item.receipt);
  const files = useUploads(rules.uploadEndpoint);
  const annex = useUploads(rules.uploadEndpoint);
  const busy = files.busy || annex.busy;
  useLeaveGuard(busy, messages.uploading);

  const view = detailPath ? () => navigate(detailPath) : undefined;
  if (receipt) {
    return (
      <Stack gap={4} data-testid="work-done">
        <Group gap="xs">
          <Button size="compact-sm" variant="light" color="teal" disabled>已提交</Button>
          {item.graded && <ScoreButton item={item} />}
          {view && <Button size="compact-sm" variant="subtle" onClick={view}>查看</Button>}
        </Group>
        <Text size="xs" c="dimmed" data-testid="receipt">
          {receipt.fingerprint ? `回执 ${receipt.fingerprint} · ` : ''}提交于 {receipt.submitted_at ?? ''}
        </Text>
      </Stack>
    );
  }

  // Outside its window the action is shown disabled with the rule beside it, instead of failing after the click.
  const closed = windowMessage(item, messages);
  const start = (action: () => void) => (
    <Stack gap={2}>
      <Group gap="xs">
        <Button size="compact-sm" disabled={closed !== null} onClick={action}>{shape === 'training' ? '开始' : shape === 'docx' ? '上传文档' : '上传作业'}</Button>
        {view && <Button size="compact-sm" variant="light" onClick={view}>查看</Button>}
      </Group>
      {closed && (
        <Text size="xs" c="dimmed" data-testid="window-hint">
          {`${closed.replace(/！$/, '')}：`}{item.status === 3 ? <><NoWrap>{item.start_time}</NoWrap> 开始</> : <>已于 <NoWrap>{item.end_time}</NoWrap> 结束</>}
        </Text>
      )}
    </Stack>
  );

  if (shape === 'training') return start(() => {
    if (startPath) navigate(startPath);
  });
  if (mode === 'idle') return start(() => setMode('upload'));

  const imagesMissing = () => {
    if (shape === 'docx') return files.done.length === 0 ? messages.noDocx : null;
    if (files.done.length === 0) return shape === 'sketch' ? messages.noSketch : messages.noImage;
    return null;
  };
  const guard = (next: () => void) => {
    if (busy) return notify.warn(messages.uploading);
    next();
  };
  const toAnnex = () => guard(() => {
    const problem = imagesMissing();
    if (problem) return notify.error(problem);
    setMode('annex');
  });
  const askSubmit = () => guard(() => {
    const problem = imagesMissing() ?? (shape === 'images+annex' && annex.done.length === 0 ? messages.noAnnex : null);
    if (problem) return notify.error(problem);
    setConfirming(true);
  });
  const submit = async () => {
    setSending(true);
    try {
      const answer: (string | FileRef)[] = shape === 'docx' ? files.done : files.done.map((f) => f.url);
      const reply = await api.callWithMessage<Receipt>(rules.submitEndpoint, {
        [idParam]: item.id, student_answer: JSON.stringify(answer), student_des: des, annex: JSON.stringify(annex.done),
      });
      notify.success(reply.message || '提交成功');
      setReceipt(reply.data);
      onSubmitted?.(reply.data);
    } catch {
      // the api client has told the student
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const maxImages = rules.maxImages;
  return (
    <Stack gap="xs" data-testid="work-panel" data-mode={mode}>
      <Text size="sm" fw={600} data-testid="work-step">
        {mode === 'upload' ? `第 1 步（共 2 步）：${shape === 'docx' ? '上传文档' : '上传作业图片'}` : '第 2 步（共 2 步）：附件与作业说明'}
      </Text>
      {mode === 'upload' && (
        <WorkUploader testId="work-files" label={shape === 'docx' ? '选择文档（.docx）' : '选择图片'} accept={shape === 'docx' ? 'docx' : 'image'}
          max={shape === 'docx' ? 1 : maxImages} maxBytes={rules.maxBytes} uploads={files} messages={messages}
          tooMany={shape === 'docx' ? messages.noDocx : messages.tooManyImages.replace('{n}', String(maxImages))} />
      )}
      {mode === 'annex' && (
        <>
          <Text size="xs" c="dimmed">已上传 {files.done.length} 个文件{shape === 'images+annex' ? '，请上传附件' : '，可选上传 1 个附件'}</Text>
          <WorkUploader testId="work-annex" label="选择附件" accept="docx" max={1} maxBytes={rules.maxBytes} uploads={annex} messages={messages} tooMany="附件最多只能上传1个！" />
          <Textarea size="xs" placeholder="作业说明（可选）" value={des} onChange={(e) => setDes(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        </>
      )}
      <Group gap="xs">
        {mode === 'upload' ? (
          <Button size="compact-sm" onClick={toAnnex}>下一步</Button>
        ) : (
          <>
            <Button size="compact-sm" variant="default" onClick={() => guard(() => setMode('upload'))}>上一步</Button>
            <Button size="compact-sm" onClick={askSubmit} loading={sending}>提交</Button>
          </>
        )}
      </Group>
      <Modal opened={confirming} onClose={() => { setConfirming(false); notify.info(messages.cancelled); }} title="提示" centered size="sm">
        <Text size="sm">{messages.confirmSubmit}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => { setConfirming(false); notify.info(messages.cancelled); }}>取消</Button>
          <Button onClick={() => void submit()} loading={sending}>确定</Button>
        </Group>
      </Modal>
    </Stack>
  );
}
