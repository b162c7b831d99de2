import './skeleton.css';

/**
 * The shell's outline while the site's configuration loads: the same markup index.html shows before any script runs
 * (keep the two alike), so the page goes from outline to content without a white screen or a lone spinner.
 */
export function ShellSkeleton() {
  return (
    <div className="shell-skeleton" role="status" aria-busy="true" aria-label="页面加载中" data-testid="shell-skeleton">
      <div className="shell-skeleton__header"><div className="shell-skeleton__logo" /><div className="shell-skeleton__name" /></div>
      <div className="shell-skeleton__main">
        <div className="shell-skeleton__bar" />
        <div className="shell-skeleton__card" /><div className="shell-skeleton__card" /><div className="shell-skeleton__card" />
      </div>
    </div>
  );
}
