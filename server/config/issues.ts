// The one shape every config problem is reported in, and its one-line text form.

export interface Issue {
  /** Path relative to the project root, e.g. `config/schools/100045.yaml`. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** Operator-facing message, in Chinese. */
  message: string;
}

/** `config/schools/100045.yaml:7:3: features.qaCentre 必须是 true 或 false` */
export function formatIssue(issue: Issue): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`;
}

/** Drops exact duplicates (same file, position and message), keeping the first. */
export function dedupeIssues(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = formatIssue(i);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Sorts by file, then line, then column (stable otherwise). */
export function sortIssues(issues: Issue[]): Issue[] {
  return issues
    .map((issue, i) => ({ issue, i }))
    .sort((a, b) =>
      a.issue.file < b.issue.file ? -1 : a.issue.file > b.issue.file ? 1 :
      a.issue.line - b.issue.line || a.issue.column - b.issue.column || a.i - b.i)
    .map((x) => x.issue);
}
