import './shell.css';
import { useEffect, type ReactNode } from 'react';
import { useSession, useSiteConfig } from '../../engine';
import { showClassNotices, type ClassNoticeTexts } from '../login/finishLogin';
import { ChatDialog } from '../chat/ChatDialog';
import { NewWorkPolling } from '../polling';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';

/** The page frame every screen except bare ones sits in: header, content, footer, back-to-top. */
export function Shell({ children }: { children: ReactNode }) {
  useClassNotices();
  return (
    <>
      <Header />
      <main className="app-main">
        <div className="app-main__inner">{children}</div>
      </main>
      <Footer />
      <BackToTop />
      <ChatDialog />
      <NewWorkPolling />
    </>
  );
}

/** The class-state notices (texts in the login screen's YAML) also appear when a signed-in student reloads. */
function useClassNotices() {
  const user = useSession()?.user ?? null;
  const texts = (useSiteConfig()?.screens.login?.props as { classNotices?: ClassNoticeTexts } | undefined)?.classNotices;
  useEffect(() => showClassNotices(user, texts), [user, texts]);
}
