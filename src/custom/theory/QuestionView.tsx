import { Badge, Checkbox, Group, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { blankCount, joinBlanks, joinLetters, JUDGE, letterOf, splitBlanks, splitLetters } from './answers';
import type { Question } from './types';

interface Props {
  no: number;
  question: Question;
  answer: string;
  disabled?: boolean;
  onChange(answer: string): void;
}

/** One question with the input its type needs: letters A–J, 正确/错误, blanks, or free text. */
export function QuestionView({ no, question, answer, disabled, onChange }: Props) {
  return (
    <Paper withBorder radius="md" p="md" id={`question-${question.id}`} data-testid="theory-question" data-type={question.type}>
      <Group gap="xs" align="flex-start" wrap="nowrap" mb="sm">
        <Text fw={600}>{no}.</Text>
        <Badge variant="light" style={{ flexShrink: 0 }}>{question.type_name}</Badge>
        <Text style={{ flex: 1, whiteSpace: 'pre-wrap' }}>{question.question}</Text>
        <Text c="dimmed" size="sm" style={{ flexShrink: 0 }} data-testid="question-points">（{question.poins}分）</Text>
      </Group>
      <AnswerInput no={no} question={question} answer={answer} disabled={disabled} onChange={onChange} />
    </Paper>
  );
}

function AnswerInput({ no, question, answer, disabled, onChange }: Props) {
  const label = `第${no}题答案`;
  switch (question.type) {
    case 1:
      return (
        <Radio.Group value={answer} onChange={onChange} aria-label={label}>
          <Stack gap="xs">
            {question.content.map((text, i) => (
              <Radio key={i} value={letterOf(i)} label={`${letterOf(i)}. ${text}`} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 2:
      return (
        <Checkbox.Group value={splitLetters(answer)} onChange={(letters) => onChange(joinLetters(letters))} aria-label={label}>
          <Stack gap="xs">
            {question.content.map((text, i) => (
              <Checkbox key={i} value={letterOf(i)} label={`${letterOf(i)}. ${text}`} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 3:
      return (
        <Radio.Group value={answer} onChange={onChange} aria-label={label}>
          <Group gap="xl">
            {JUDGE.map((word) => <Radio key={word} value={word} label={word} disabled={disabled} />)}
          </Group>
        </Radio.Group>
      );
    case 4: {
      const blanks = splitBlanks(answer, blankCount(question));
      return (
        <Group gap="sm">
          {blanks.map((value, i) => (
            <TextInput key={i} value={value} placeholder={`第${i + 1}空`} aria-label={`第${i + 1}空`} w={160} disabled={disabled}
              onChange={(e) => onChange(joinBlanks(blanks.map((b, j) => (j === i ? e.currentTarget.value : b))))} />
          ))}
        </Group>
      );
    }
    default:
      return (
        <Textarea value={answer} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={3} maxRows={12} maxLength={5000}
          placeholder="请输入答案" aria-label={label} disabled={disabled} />
      );
  }
}
