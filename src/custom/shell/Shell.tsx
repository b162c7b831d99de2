import './shell.css';
import { useEffect, type ReactNode } from 'react';
import { AfterFirstPaint, shellSettings, useSession, useSiteConfig } from '../../engine';
import { showClassNotices } from './classNotices';
import { ChatHost } from '../chat/ChatHost';
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
      <ChatHost />
      <AfterFirstPaint><NewWorkPolling /></AfterFirstPaint>
    </>
  );
}

/** The class-state notices (texts in config/app.yaml) for the signed-in student, after a login or a reload alike. */
function useClassNotices() {
  const user = useSession()?.user ?? null;
  const texts = shellSettings(useSiteConfig()!).classNotices;
  useEffect(() => showClassNotices(user, texts), [user, texts]);
}
