import './renderers';
import './custom';
import { start } from './engine/bootstrap';

start(document.getElementById('root')!);
