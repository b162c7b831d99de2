import { useEffect } from 'react';
import { notify } from '../../engine';

/**
 * While `active`, keeps the student on the page: closing or reloading asks the browser's question, and in-app
 * links (hash routes) are stopped with `message`. HashRouter has no navigation blocker, so links are caught here.
 */
export function useLeaveGuard(active: boolean, message: string): void {
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
      notify.warn(message);
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active, message]);
}
