// Reads one YAML file keeping source positions, so later checks can point at line:column.
import fs from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { Issue } from './issues.js';

export interface LoadedYaml {
  /** Display path (relative to the project root), used in issues. */
  file: string;
  /** The parsed document, with node ranges. */
  doc: Document;
  lineCounter: LineCounter;
  /** Plain JS value of the document (undefined when there were syntax errors). */
  data: unknown;
  /** YAML syntax errors, empty when the file parsed. */
  issues: Issue[];
}

const CODE_MESSAGES: Record<string, string> = {
  DUPLICATE_KEY: '重复的键',
  BAD_INDENT: '缩进不正确',
  MISSING_CHAR: '缺少字符（引号或括号未闭合？）',
  MULTILINE_IMPLICIT_KEY: '键不能跨行（是否漏了冒号后的空格或缩进不对？）',
  BLOCK_AS_IMPLICIT_KEY: '同一行里不能再写 key: value（值里含有“: ”时请加引号）',
  TAB_AS_INDENT: '不能用 Tab 缩进，请用空格',
  UNEXPECTED_TOKEN: '意外的符号',
  BAD_SCALAR_START: '值的开头字符不合法（以 @ ` 等开头时请加引号）',
  BAD_DIRECTIVE: '指令不正确',
  ALIAS_PROPS: '别名不能带标签或锚点',
  BAD_ALIAS: '别名不正确',
  BAD_DQ_ESCAPE: '双引号字符串中的转义不正确',
  MISSING_ANCHOR: '引用了不存在的锚点',
  IMPOSSIBLE: '无法解析',
};

/** Parses YAML text; `file` is only used for reporting. */
export function parseYaml(text: string, file: string): LoadedYaml {
  const lineCounter = new LineCounter();
  // merge: a screen may reuse a block with `<<: *anchor` (e.g. an edit form built on the create form).
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const issues: Issue[] = doc.errors.map((err) => {
    const { line, col } = lineCounter.linePos(err.pos[0]);
    const detail = CODE_MESSAGES[err.code];
    const original = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    return {
      file,
      line,
      column: col,
      message: `YAML 语法错误: ${detail ? `${detail}（${original}）` : original}`,
    };
  });
  let data: unknown = undefined;
  if (issues.length === 0) {
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      issues.push({ file, line: 1, column: 1, message: `YAML 语法错误: ${(e as Error).message}` });
    }
  }
  return { file, doc, lineCounter, data, issues };
}

/** Reads and parses a YAML file. Unreadable files become an issue at 1:1. */
export function loadYamlFile(absPath: string, file: string): LoadedYaml {
  let text: string;
  try {
    text = fs.readFileSync(absPath, 'utf8');
  } catch (e) {
    const loaded = parseYaml('', file);
    loaded.issues.push({ file, line: 1, column: 1, message: `无法读取文件: ${(e as Error).message}` });
    return loaded;
  }
  return parseYaml(text, file);
}
