import './renderers';
import './custom';
import { start } from './engine/bootstrap';
import { preloadSchemaForm } from './renderers/form/SchemaForm';

// A visit that opens on the login page needs the (lazily loaded) form code first thing: fetch it alongside the
// configuration instead of after it.
if (window.location.hash.startsWith('#/login')) preloadSchemaForm();
start(document.getElementById('root')!);
