import sanitizeHtml from 'sanitize-html';

/**
 * HTML written in the staff editors (assignment requirements, notices) is stored sanitised: the formatting an editor
 * produces survives, scripts, event handlers, styles and foreign frames do not. The student pages sanitise again
 * when they show it (DOMPurify), so neither side trusts the other.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'img', 'span', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function cleanHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text (a textarea) becomes paragraphs of escaped text. */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join('');
}
