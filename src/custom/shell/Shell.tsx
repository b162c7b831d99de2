import './shell.css';
import type { ReactNode } from 'react';
import { ChatDialog } from '../chat/ChatDialog';
import { NewWorkPolling } from '../polling';
import { BackToTop } from './BackToTop';
import { Footer } from './Footer';
import { Header } from './Header';

/** The page frame every screen except bare ones sits in: header, content, footer, back-to-top. */
export function Shell({ children }: { children: ReactNode }) {
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
