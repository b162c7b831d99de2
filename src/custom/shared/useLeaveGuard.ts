import { useEffect } from 'react';
import { notify } from '../../engine';

/**
 * While `active`, keeps the user on the page: closing or reloading asks the browser's question, and in-app links
 * (hash routes) are stopped. HashRouter has no navigation blocker, so links are caught here. Without `ask` the
 * click is refused with `message`; with it, `ask(href)` decides (e.g. a confirmation that then follows the link).
 */
export function useLeaveGuard(active: boolean, message: string, ask?: (href: string) => void): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
    };
    const click = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      const href = link?.getAttribute('href') ?? '';
      if (!href.startsWith('#') && !href.startsWith('/')) return;
      e.preventDefault();
      e.stopPropagation();
      if (ask) ask(href);
      else notify.warn(message);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active, message, ask]);
}
