import { describe, expect, it } from 'vitest';
import { bandPercentages, parseDetail, percent, stepBars } from '../../src/custom/scores/figures';
import { questionnaireForm, unanswered, type QuestionField } from '../../src/custom/scores/questionnaireSchema';
import { formatDuration, thresholdColor } from '../../src/renderers/format/format';

describe('score figures', () => {
  it('shows band shares with two decimals and NaN as 0', () => {
    expect(percent(1, 3)).toBe('33.33');
    expect(percent(2, 3)).toBe('66.67');
    expect(percent(0, 0)).toBe('0');
    expect(bandPercentages({ height: 1, middle: 2, low: 5 }, 8)).toEqual({ height: '12.50', middle: '25.00', low: '62.50' });
    expect(bandPercentages(undefined, 0)).toEqual({ height: '0', middle: '0', low: '0' });
  });

  it('formats seconds as x小时y分z秒', () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(75)).toBe('1分15秒');
    expect(formatDuration(3600)).toBe('1小时0分0秒');
    expect(formatDuration(3661)).toBe('1小时1分1秒');
    expect(formatDuration('abc')).toBe('0秒');
  });

  it('colours scores red below 60, blue from 60, cyan from 90', () => {
    const rules = [{ min: 90, color: 'cyan' }, { min: 60, color: 'blue' }, { color: 'red' }];
    expect([59.9, 60, 89.9, 90, 100].map((v) => thresholdColor(rules, v))).toEqual(['red', 'blue', 'blue', 'cyan', 'cyan']);
    expect(thresholdColor(rules, null)).toBeUndefined();
  });

  it('reads the detail JSON as header + rows, or as an image list for the configured learns', () => {
    const detail = JSON.stringify([['序号', '考核项目', '满分', '得分'], [1, '无菌操作', 20, 18], [2, '检查', 30, null]]);
    expect(parseDetail(detail, false)).toEqual({ kind: 'table', header: ['序号', '考核项目', '满分', '得分'], rows: [['1', '无菌操作', '20', '18'], ['2', '检查', '30', '']] });
    expect(parseDetail('["/a.svg","/b.svg"]', true)).toEqual({ kind: 'images', images: ['/a.svg', '/b.svg'] });
    expect(parseDetail('not json', false)).toEqual({ kind: 'empty' });
    expect(parseDetail('[]', false)).toEqual({ kind: 'empty' });
  });

  it('builds step bars from the named columns only when they are there', () => {
    const view = parseDetail(JSON.stringify([['考核项目', '满分', '得分'], ['A', 20, 18], ['B', 30, 12]]), false);
    expect(stepBars(view, { label: '考核项目', value: '得分', max: '满分' })).toEqual([{ label: 'A', value: 18, max: 20 }, { label: 'B', value: 12, max: 30 }]);
    expect(stepBars(view, { label: '步骤', value: '得分' })).toBeNull();
    expect(stepBars({ kind: 'images', images: [] }, { label: '考核项目', value: '得分' })).toBeNull();
  });
});

describe('questionnaire schema', () => {
  const fields: QuestionField[] = [
    { name: 'estimate', kind: 'radio' }, { name: 'know', kind: 'checkbox' }, { name: 'resource', kind: 'text' }, { name: 'perspective', kind: 'text' },
  ];
  const problems = [
    { topic: '满意度', option: ['满意', '一般'] }, { topic: '掌握', option: ['流程', '器械', '要点'] }, { topic: '资源', option: [] }, { topic: '建议', option: [] },
  ];

  it('turns the definition into radio, checkboxes and two text areas, in order', () => {
    const { schema, uiSchema } = questionnaireForm(problems, fields);
    expect(uiSchema['ui:order']).toEqual(['estimate', 'know', 'resource', 'perspective']);
    expect(schema.properties!.estimate).toMatchObject({ type: 'integer', title: '1. 满意度', oneOf: [{ const: 0, title: '满意' }, { const: 1, title: '一般' }] });
    expect(schema.properties!.know).toMatchObject({ type: 'array', uniqueItems: true, items: { oneOf: [{ const: 0 }, { const: 1 }, { const: 2 }] } });
    expect(uiSchema.know['ui:widget']).toBe('checkboxes');
    expect(uiSchema.resource['ui:widget']).toBe('textarea');
    expect(schema.properties!.perspective).toMatchObject({ type: 'string', title: '4. 建议' });
  });

  it('treats no choice, an empty checkbox list and blank text as unanswered', () => {
    const full = { estimate: 0, know: [1], resource: 'a', perspective: 'b' };
    expect(unanswered(full, fields)).toBe(false);
    expect(unanswered({ ...full, estimate: undefined }, fields)).toBe(true);
    expect(unanswered({ ...full, know: [] }, fields)).toBe(true);
    expect(unanswered({ ...full, resource: '  ' }, fields)).toBe(true);
    expect(unanswered({ ...full, perspective: undefined }, fields)).toBe(true);
  });
});
