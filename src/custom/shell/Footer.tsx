import { useSiteConfig } from '../../engine';

/** Copyright line, ICP record number and the public-security filing link (opens the filing site). */
export function Footer() {
  const { footer } = useSiteConfig()!.branding;
  return (
    <footer className="app-footer" data-testid="footer">
      <div>{footer.copyright}</div>
      <div>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">{footer.icp}</a>
        {footer.security.text && (
          <>
            {'　'}
            <a href={footer.security.url} target="_blank" rel="noreferrer">{footer.security.text}</a>
          </>
        )}
      </div>
    </footer>
  );
}
