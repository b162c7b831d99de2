import { setNonce } from 'get-nonce';

/**
 * The nonce the server gave this page for its `<style>` elements (Content-Security-Policy `style-src`): it writes it
 * into `<meta property="csp-nonce">` of index.html, one per reply (server/http/spa-index.ts). Mantine stamps it on
 * the `<style>` elements it creates. Empty in tests and in the development server, where no policy is sent.
 */
export function cspNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value from getAttribute once the page has parsed; the property keeps it.
  return meta?.nonce || '';
}

/**
 * Hands the nonce to the libraries that write `<style>` elements: Mantine takes it as a prop (`getStyleNonce`), the
 * scroll lock of its dialogs (react-remove-scroll, through react-style-singleton) reads it from get-nonce.
 */
export function shareCspNonce(): void {
  setNonce(cspNonce());
}
