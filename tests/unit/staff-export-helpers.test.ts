// The pure parts of the teacher's zip download and score export (server/services/staff-export.ts).
import { describe, expect, it } from 'vitest';
import { attachment, csvCell, safeSegment, scoreStats, uniqueNamer, workFiles, type StudentWork } from '../../server/services/staff-export';

const work = (score: number | null, extra: Partial<StudentWork> = {}): StudentWork => ({
  student_id: 1, realname: '王', student_no: '1', class_id: 1, class_name: '1班', mark_id: score === undefined ? null : 1, submitted_at: '2026-09-01 10:00:00',
  late: false, graded: score !== null, score, comment: '', student_answer: '[]', annex: '[]', ...extra,
});

describe('staff export helpers', () => {
  it('counts scores into ten bands, 100 in the top one, and rates over graded work only', () => {
    const rows = [0, 9, 10, 59, 60, 89, 90, 100].map((s) => work(s));
    rows.push(work(null), work(null, { mark_id: null, submitted_at: null }));
    const s = scoreStats(rows);
    expect(s.bands.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 1, 1, 0, 1, 2]);
    expect(s.bands[9].label).toBe('90–100');
    expect(s).toMatchObject({ students: 10, submitted: 9, graded: 8, passRate: 4 / 8, excellentRate: 2 / 8, max: 100, min: 0, average: 52.13 });
    expect(scoreStats([work(null)])).toMatchObject({ graded: 0, average: null, passRate: null, excellentRate: null });
  });

  it('keeps names safe as zip path segments', () => {
    expect(safeSegment('卡环/弯制:作业*?')).toBe('卡环弯制作业');
    expect(safeSegment('..')).toBe('未命名');
    expect(safeSegment('  ', '作品1.jpg')).toBe('作品1.jpg');
    expect(safeSegment('a\u202Egpj.exe')).toBe('agpj.exe');
    const name = uniqueNamer();
    expect(['作品.jpg', '作品.jpg', '作品.JPG', 'x'].map(name)).toEqual(['作品.jpg', '作品 (2).jpg', '作品 (3).JPG', 'x']);
  });

  it('writes CSV cells that a spreadsheet shows as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('王,小明')).toBe('"王,小明"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(86)).toBe('86');
  });

  it('reads both shapes of a file list and marks what is not an upload', () => {
    const files = workFiles({ student_answer: JSON.stringify(['/files/0123456789abcdef0123456789abcdef.jpg', '/assets/seed/a.svg']), annex: JSON.stringify([{ name: '报告.docx', url: '/files/0123456789abcdef0123456789abcdef.docx' }]) });
    expect(files).toEqual([
      { stored: '0123456789abcdef0123456789abcdef.jpg', url: '/files/0123456789abcdef0123456789abcdef.jpg', name: '', annex: false },
      { stored: null, url: '/assets/seed/a.svg', name: '', annex: false },
      { stored: '0123456789abcdef0123456789abcdef.docx', url: '/files/0123456789abcdef0123456789abcdef.docx', name: '报告.docx', annex: true },
    ]);
    expect(workFiles({ student_answer: 'not json', annex: null })).toEqual([]);
  });

  it('names downloads in UTF-8 with an ASCII fallback', () => {
    expect(attachment('a.zip', "卡环(1)'s.zip")).toBe(`attachment; filename="a.zip"; filename*=UTF-8''%E5%8D%A1%E7%8E%AF%281%29%27s.zip`);
  });
});
