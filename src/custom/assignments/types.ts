// Shapes of the assign/* and task/* replies (docs/api.md), and the work flow's rules and messages once the
// screen's YAML is merged over the defaults (the YAML props themselves are in the *.schema.gen.ts files).
import type { FileMessages } from '../shared/fileChecks';
import type { LinkRules } from '../../renderers/links/link.schema.gen';

export interface FileRef {
  name: string;
  url: string;
}

export interface Receipt {
  fingerprint: string;
  submitted_at: string | null;
}

/** One exam/homework row (assign/gettasklist, assign/getexamlist). */
export interface WorkItem {
  id: number;
  mark_id: number | null;
  title: string;
  classify: number;
  classify_name: string;
  type: string; // 已完成 / 未完成
  cate_id: number;
  cate_name: string;
  content: string;
  kind: 'homework' | 'exam';
  learn_id: number | null;
  learn_name: string;
  status: 1 | 2 | 3; // 1 ended, 2 in progress, 3 not started (server clock)
  total_score: number | null;
  sum: number;
  total_time: number;
  start_time: string;
  end_time: string;
  time: number; // test minutes
  student_des: string;
  student_answer: (string | FileRef)[];
  annex: FileRef[];
  graded: boolean;
  receipt: Receipt | null;
}

/** Messages of spec §5 and the flow's labels; every one can be changed in the screen's YAML. */
export interface WorkMessages extends FileMessages {
  noImage: string;
  noSketch: string;
  noAnnex: string;
  noDocx: string;
  tooManyImages: string;
  bmp: string;
  tooBig: string;
  wrongType: string;
  notDocx: string;
  homeworkWindow: string;
  examWindow: string;
  timeUp: string;
  confirmSubmit: string;
  cancelled: string;
  uploading: string;
}

export const DEFAULT_MESSAGES: WorkMessages = {
  noImage: '请先上传图片！',
  noSketch: '请上传素描图片！',
  noAnnex: '请先上传附件！',
  noDocx: '还未上传文件！',
  tooManyImages: '最多只能上传{n}张图片！',
  bmp: '上传图片不能是BMP格式!',
  tooBig: '上传头像图片大小不能超过 2MB!',
  wrongType: '只能上传 jpg、jpeg、png 格式的图片！',
  notDocx: '只能上传 docx 格式的文档！',
  homeworkWindow: '不在做作业时间范围內！',
  examWindow: '不在考试时间范围內！',
  timeUp: '考试时间到！',
  confirmSubmit: '确认提交吗？提交后不能修改。',
  cancelled: '已取消提交',
  uploading: '文件正在上传，请等待上传完成',
};

export interface WorkRules {
  /** Photos allowed on this screen (spec: 2 in the lists, 9 on the task details page). */
  maxImages: number;
  maxBytes: number;
  uploadEndpoint: string;
  submitEndpoint: string;
  /** Where 开始 of a training task (classify 1, 4) leads; templates see `item`. */
  start?: LinkRules;
}
