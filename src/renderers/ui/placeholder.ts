// Shown while an image is missing or fails to load: a soft gradient, no text to translate.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e7f0fb"/><stop offset="1" stop-color="#d3e1f3"/></linearGradient></defs>
<rect width="400" height="240" fill="url(#g)"/>
<g fill="none" stroke="#9fb6d3" stroke-width="6" stroke-linejoin="round"><rect x="150" y="80" width="100" height="80" rx="10"/><path d="m158 150 28-30 22 20 14-12 20 22"/></g>
<circle cx="225" cy="102" r="8" fill="#9fb6d3"/></svg>`;

export const IMAGE_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`;
