// Generated from assignment-list.schema.json by npm run config:schema — edit the schema, not this file.
import type { SourceConfig } from '../../renderers/data/source.schema.gen';
import type { FiltersConfig } from '../../renderers/filters/schema.gen';
import type { LinkRules } from '../../renderers/links/link.schema.gen';
import type { StatsFigures } from '../../renderers/stats/figures.schema.gen';

/**
 * 汇总栏、筛选栏、带作业流程的卡片和分页器。
 */
export interface AssignmentListProps {
  /**
   * 作业（homework）或考试（exam），仅作说明：组件不读取，卡片的种类以接口返回的 kind 为准。
   */
  kind?: 'homework' | 'exam';
  source: SourceConfig;
  /**
   * 默认 8。
   */
  pageSize?: number;
  filters?: FiltersConfig;
  links: LinkRules;
  /**
   * 列表为空时显示的文字。默认 暂无数据。
   */
  empty?: string;
  figures?: StatsFigures;
  rules?: Rules;
  messages?: Messages;
}
/**
 * 上传与提交的限制和接口，未写的用默认值。
 */
export interface Rules {
  /**
   * 本页一次最多上传的图片张数。默认 2。
   */
  maxImages?: number;
  /**
   * 达到此大小的文件被拒绝（提示 messages.tooBig）。默认 2097152（2MB）。
   */
  maxBytes?: number;
  /**
   * config/endpoints.yaml 中上传文件的调用名。默认 common/upload_file。
   */
  uploadEndpoint?: string;
  /**
   * config/endpoints.yaml 中提交作业的调用名。默认 assign/insertmark。
   */
  submitEndpoint?: string;
  start?: LinkRules;
}
/**
 * 作业流程（上传 → 附件 → 提交）中的提示语，未写的用默认值。
 */
export interface Messages {
  /**
   * 提交前未上传图片时的提示。默认 请先上传图片！
   */
  noImage?: string;
  /**
   * 素描类提交前未上传图片时的提示。默认 请上传素描图片！
   */
  noSketch?: string;
  /**
   * 需要附件的作业未上传附件时的提示。默认 请先上传附件！
   */
  noAnnex?: string;
  /**
   * 文档类作业未上传 docx（或已传满 1 个）时的提示。默认 还未上传文件！
   */
  noDocx?: string;
  /**
   * 图片超过上限时的提示，{n} 换成上限张数。默认 最多只能上传{n}张图片！
   */
  tooManyImages?: string;
  /**
   * 选择 BMP 图片时的提示。默认 上传图片不能是BMP格式!
   */
  bmp?: string;
  /**
   * 文件达到 rules.maxBytes 时的提示。默认 上传头像图片大小不能超过 2MB!
   */
  tooBig?: string;
  /**
   * 图片不是 jpg/jpeg/png 时的提示。默认 只能上传 jpg、jpeg、png 格式的图片！
   */
  wrongType?: string;
  /**
   * 文档不是 docx 时的提示。默认 只能上传 docx 格式的文档！
   */
  notDocx?: string;
  /**
   * 作业已结束时点开始/提交的提示。默认 不在做作业时间范围內！
   */
  homeworkWindow?: string;
  /**
   * 考试不在进行中时点开始/提交的提示。默认 不在考试时间范围內！
   */
  examWindow?: string;
  /**
   * 提交前确认框的文字。默认 确认提交吗？提交后不能修改。
   */
  confirmSubmit?: string;
  /**
   * 在确认框取消时的提示。默认 已取消提交
   */
  cancelled?: string;
  /**
   * 文件仍在上传时提交或离开页面的提示。默认 文件正在上传，请等待上传完成
   */
  uploading?: string;
}
