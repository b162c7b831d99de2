import { englishStringTranslator, replaceStringParameters, TranslatableString } from '@rjsf/utils';

// Chinese for the labels rjsf's own templates show; anything rarer stays with rjsf's English wording.
const ZH: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '项目',
  [TranslatableString.EmptyArray]: '暂无内容，请点击下方按钮添加',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '请修正以下问题',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加一项',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '删除',
  [TranslatableString.NowLabel]: '现在',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.AriaDateLabel]: '选择日期',
  [TranslatableString.PreviewLabel]: '预览',
  [TranslatableString.ClearButton]: '清空输入',
  [TranslatableString.OptionPrefix]: '选项 %1',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  const zh = ZH[key];
  return zh ? replaceStringParameters(zh, params) : englishStringTranslator(key, params);
}
