import './landing.css';
import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { template, type RendererProps } from '../../engine';
import { useTemplateScope } from '../../renderers';
import { enterAs, enterWithTicket } from './entry';
import { Gallery } from './Gallery';
import type { LandingProps } from './schema.gen';

const go = (url: string) => window.location.assign(url);

/** The public landing page (/njkq): project introduction and the student / reviewer entries to the 3D app. */
export default function LandingPage({ props }: RendererProps<LandingProps>) {
  const [search] = useSearchParams();
  const ticket = search.get('ticket');
  const [busy, setBusy] = useState<'student' | 'reviewer' | null>(null);
  const [notice, setNotice] = useState(false);
  const sections = useRef<(HTMLElement | null)[]>([]);
  const scope = useTemplateScope(); // the site's school: its name fills ${school.school_name} in the texts below
  const text = (value: string) => template(value, scope);
  const { contact } = props;

  const run = async (who: 'student' | 'reviewer', action: () => Promise<void>) => {
    setBusy(who);
    try {
      await action();
    } catch (err) {
      console.warn('landing entry failed', err); // the api client has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const studentEntry = () => (ticket ? void run('student', () => enterWithTicket(ticket, props.app, go)) : setNotice(true));
  const reviewerEntry = () => void run('reviewer', () => enterAs(props.reviewerUserId, props.app, go));
  const scrollTo = (i: number) => (i === 0 ? window.scrollTo({ top: 0, behavior: 'smooth' }) : sections.current[i]?.scrollIntoView({ behavior: 'smooth' }));
  const section = (i: number) => (el: HTMLElement | null) => {
    sections.current[i] = el;
  };

  return (
    <div className="landing">
      <nav className="landing-nav">
        <div className="landing-nav__inner">
          <span className="landing-nav__brand">{props.title}</span>
          {props.nav.map((label, i) => (
            <button key={label} type="button" onClick={() => scrollTo(i)} data-testid={`landing-nav-${i}`}>{label}</button>
          ))}
        </div>
      </nav>

      <header className="landing-hero" ref={section(0)}>
        <Stack w={1200} mx="auto" gap="lg">
          <Title order={2} fz={40} c="white">{props.title}</Title>
          {props.subtitle && <Text fz={18} maw={760} c="rgba(255,255,255,.88)">{props.subtitle}</Text>}
          {props.schoolLink && <Anchor href={props.schoolLink.url} target="_blank" rel="noreferrer" c="white" fz={16} underline="always">{text(props.schoolLink.label)}</Anchor>}
          <Group gap="md" mt="md">
            <Button size="lg" color="teal" loading={busy === 'student'} onClick={studentEntry}>{props.studentEntry}</Button>
            {!ticket && (
              <Button size="lg" variant="white" loading={busy === 'reviewer'} onClick={reviewerEntry}>{props.reviewerEntry}</Button>
            )}
          </Group>
        </Stack>
      </header>

      <section className="landing-section" ref={section(1)} data-testid="landing-section-1">
        <h2>{props.overview.heading}</h2>
        <p>{props.overview.text}</p>
        <Gallery gallery={props.gallery} />
      </section>

      <section className="landing-section" ref={section(2)} data-testid="landing-section-2">
        <h2>{props.audience.heading}</h2>
        <SimpleGrid cols={4} spacing="lg" mt="xl">
          {props.audience.items.map((a) => (
            <div key={a.title} className="landing-card">
              <Title order={4} mb="xs">{a.title}</Title>
              <Text size="sm" c="dimmed">{a.text}</Text>
            </div>
          ))}
        </SimpleGrid>
      </section>

      <section className="landing-section" ref={section(3)} data-testid="landing-section-3">
        <h2>{props.videos.heading}</h2>
        <SimpleGrid cols={2} spacing="lg" mt="xl">
          {props.videos.items.map((v) => (
            <div key={v.src} className="landing-card">
              <video src={v.src} poster={v.poster} controls preload="metadata" style={{ width: '100%', borderRadius: 8, background: '#000' }} />
              <Text fw={600} mt="sm">{v.title}</Text>
            </div>
          ))}
        </SimpleGrid>
      </section>

      <section className="landing-section" ref={section(4)} data-testid="landing-section-4">
        <h2>{contact.heading}</h2>
        <div className="landing-card" data-testid="landing-contact">
          {contact.text && <Text>{text(contact.text)}</Text>}
          {contact.address && <Text mt="xs">地址：{text(contact.address)}</Text>}
          {contact.email && <Text mt="xs">邮箱：<Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor></Text>}
          {contact.phone && <Text mt="xs">电话：{contact.phone}</Text>}
        </div>
      </section>

      <footer className="landing-footer" data-testid="landing-footer">{text(props.copyright)}</footer>

      <Modal opened={notice} onClose={() => setNotice(false)} title={props.notice.title} centered>
        <Text>{props.notice.text}</Text>
        <Anchor href={props.notice.link.url} target="_blank" rel="noreferrer" mt="sm" display="inline-block">{props.notice.link.label}</Anchor>
      </Modal>
    </div>
  );
}
