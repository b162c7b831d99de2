// The application: every renderer, custom piece and layout registered, and the engine's bootstrap, loaded by the
// entry (main.tsx) once it has started the visit.
import './renderers';
import './custom';

export { start } from './engine/bootstrap';
