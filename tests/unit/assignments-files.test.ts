import { describe, expect, it } from 'vitest';
import { checkFile } from '../../src/custom/shared/fileChecks';
import { DEFAULT_MESSAGES } from '../../src/custom/assignments/types';
import { windowMessage } from '../../src/custom/assignments/WorkPanel';
import { BMP, bigPng, DOCX, JPEG, PNG } from '../server/work-files';

const MB2 = 2 * 1024 * 1024;
const file = (data: Buffer, name: string, type = '') => new File([new Uint8Array(data)], name, { type });

describe('browser-side file checks (spec §5)', () => {
  it('refuses BMP by content or name, other types, and files of 2 MB or more', async () => {
    expect(await checkFile(file(BMP, 'a.jpg'), 'image', MB2, DEFAULT_MESSAGES)).toBe('上传图片不能是BMP格式!');
    expect(await checkFile(file(PNG, 'a.bmp'), 'image', MB2, DEFAULT_MESSAGES)).toBe('上传图片不能是BMP格式!');
    expect(await checkFile(file(Buffer.from('GIF89a'), 'a.gif'), 'image', MB2, DEFAULT_MESSAGES)).toBe(DEFAULT_MESSAGES.wrongType);
    expect(await checkFile(file(bigPng(MB2), 'a.png'), 'image', MB2, DEFAULT_MESSAGES)).toBe('上传头像图片大小不能超过 2MB!');
    expect(await checkFile(file(PNG, 'a.png'), 'image', MB2, DEFAULT_MESSAGES)).toBeNull();
    expect(await checkFile(file(JPEG, 'a.jpeg'), 'image', MB2, DEFAULT_MESSAGES)).toBeNull();
  });

  it('takes only .docx for document work', async () => {
    expect(await checkFile(file(DOCX, '报告.docx'), 'docx', MB2, DEFAULT_MESSAGES)).toBeNull();
    expect(await checkFile(file(DOCX, '报告.doc'), 'docx', MB2, DEFAULT_MESSAGES)).toBe('只能上传 docx 格式的文档！');
    expect(await checkFile(file(PNG, 'x.docx'), 'docx', MB2, DEFAULT_MESSAGES)).toBe('只能上传 docx 格式的文档！');
  });

  it('follows the start rule on the server status: homework until its end, an exam only while in progress', () => {
    expect(windowMessage({ kind: 'homework', status: 3 }, DEFAULT_MESSAGES)).toBeNull();
    expect(windowMessage({ kind: 'homework', status: 1 }, DEFAULT_MESSAGES)).toBe('不在做作业时间范围內！');
    expect(windowMessage({ kind: 'exam', status: 3 }, DEFAULT_MESSAGES)).toBe('不在考试时间范围內！');
    expect(windowMessage({ kind: 'exam', status: 2 }, DEFAULT_MESSAGES)).toBeNull();
  });
});
