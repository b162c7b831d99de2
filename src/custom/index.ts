// Hand-written pieces, registered in the same registry as the generic renderers.
import { register, registerLayout } from '../engine';
import LandingPage from './landing/LandingPage';
import LoginPage from './login/LoginPage';
import SsoLoading from './login/SsoLoading';
import ProfileInfo from './profile/ProfileInfo';
import { registerAssignments } from './assignments';
import { registerScores } from './scores';
import { Shell } from './shell/Shell';
import { StaffShell } from './shell/StaffShell';
import TheoryExamPage from './theory/TheoryExamPage';
import ChatLauncher from './chat/ChatLauncher';
import Grader from './grader/Grader';
import WeeklyPicker from './weekly/WeeklyPicker';
import { registerWidget } from '../renderers/form/widgets';
import { loginWidgets } from './login/widgets';

registerLayout('shell', Shell);
registerLayout('staff', StaffShell);
register('login-page', LoginPage);
register('profile-info', ProfileInfo);
register('sso-loading', SsoLoading);
register('landing-page', LandingPage);
register('theory-exam', TheoryExamPage);
registerScores();
registerAssignments();
register('chat-launcher', ChatLauncher);
register('weekly-picker', WeeklyPicker);
register('grader', Grader);
// The login and profile forms' widgets, named by their YAML uiSchema (ui:widget: captcha, mobile, smsCode, ...).
for (const [name, widget] of Object.entries(loginWidgets)) registerWidget(name, widget);
