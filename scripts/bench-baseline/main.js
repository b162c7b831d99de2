/* global document */
// The baseline of scripts/bench-first-load.ts: the least a page of this site can be — React draws one line once the
// site configuration has arrived (the same first call the application makes), nothing else.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const reply = await fetch('../api/config').then((r) => r.json());
createRoot(document.getElementById('root')).render(createElement('p', { 'data-testid': 'baseline-ready' }, reply.data?.branding?.name ?? 'ready'));
