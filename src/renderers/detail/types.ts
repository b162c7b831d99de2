// Mirrors schema.json (hand-written; keep both in step).
import type { CardMeta } from '../cards/types';
import type { SourceConfig } from '../shared/source';

export interface DetailCall {
  endpoint: string;
  params?: Record<string, string | number | boolean>;
}

interface ActionBase {
  label: string;
  /** Expression over {user, school, features, query, params, record}; the button shows only when it holds. */
  when?: string;
  /** Visitors are sent to the login page (with a redirect back) instead. */
  login?: boolean;
}

export type DetailAction =
  | (ActionBase & { kind: 'toggle'; field: string; activeLabel: string; call: DetailCall })
  | (ActionBase & { kind: 'launch'; blockedField?: string; calls: DetailCall[]; urlField: string })
  | (ActionBase & { kind: 'files'; field: string; title?: string; nameField: string; pathField: string; failed: string; empty?: string })
  | (ActionBase & { kind: 'link'; path: string; query?: Record<string, string | number | boolean> });

export interface DetailProps {
  source: SourceConfig;
  alerts?: { field: string; color?: string }[];
  header: {
    image?: string;
    title: string;
    meta?: CardMeta[];
    brief?: { field: string; longerThan: number; cutTo: number };
    tip?: string;
  };
  actions?: DetailAction[];
  gallery?: { field: string; typeField: string; pathField: string; titleField?: string; posterField?: string; videoType?: string };
  tabs?: { field: string; titleField: string; contentField: string; empty?: string };
  notFound?: string;
}
