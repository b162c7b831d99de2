// Hand-written pieces, registered in the same registry as the generic renderers.
import { register, registerLayout } from '../engine';
import LoginPage from './login/LoginPage';
import { Shell } from './shell/Shell';

registerLayout('shell', Shell);
register('login-page', LoginPage);
