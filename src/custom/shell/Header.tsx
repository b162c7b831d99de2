import { Link, NavLink, useLocation } from 'react-router-dom';
import { parentRoutes, session, shellSettings, useSession, useSiteConfig } from '../../engine';
import { UserMenu } from './UserMenu';

export function Header() {
  const config = useSiteConfig()!;
  const signedIn = Boolean(useSession()?.token ?? session.token());
  const settings = shellSettings(config);
  const { pathname } = useLocation();
  const above = parentRoutes(config, pathname);
  const { branding, school } = config;
  const productLogo = school.type === '1' ? branding.productLogo.type1 : branding.productLogo.default;

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={settings.home} className="app-header__brand" style={{ textDecoration: 'none', color: 'inherit' }}>
          <img className="app-header__logo" src={branding.logo} alt={branding.name} data-testid="school-logo" />
          <span className="app-header__name" data-testid="school-name">{branding.name}</span>
          <img className="app-header__product" src={productLogo} alt="虚拟仿真实训平台" data-testid="product-logo" data-variant={school.type === '1' ? 'type1' : 'default'} />
        </Link>
        {signedIn ? (
          <>
            <nav className="app-header__tabs" aria-label="主导航">
              {settings.tabs.map((tab) => {
                const missing = tab.screen !== undefined && !config.screens[tab.screen];
                return (
                  <NavLink
                    key={tab.path}
                    to={tab.path}
                    // a detail page keeps its list's tab highlighted (the screen's YAML parent:)
                    className={({ isActive }) => `app-header__tab${isActive || above.includes(tab.path) ? ' is-active' : ''}`}
                    aria-disabled={missing || undefined}
                    title={missing ? '即将开放' : undefined}
                  >
                    {tab.label}
                  </NavLink>
                );
              })}
            </nav>
            <UserMenu />
          </>
        ) : (
          <Link to={settings.loginPath} className="app-header__login">登录</Link>
        )}
      </div>
    </header>
  );
}
