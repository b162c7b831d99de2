// Hand-written pieces, registered in the same registry as the generic renderers.
import type { WidgetProps } from '@rjsf/utils';
import { createElement, lazy } from 'react';
import { registerLayout, registerLazy, registerLazyLayout } from '../engine';
import { registerAssignments } from './assignments';
import { registerScores } from './scores';
import { Shell } from './shell/Shell';
import { registerWidget } from '../renderers/form/widgets';
import { loginWidgetNames } from './login/widgetNames';

registerLayout('shell', Shell);
registerLazyLayout('staff', () => import('./shell/StaffShell').then((m) => ({ default: m.StaffShell })));
// Each piece is its own chunk, loaded when a screen of its type is first shown (see registerLazy).
registerLazy('login-page', () => import('./login/LoginPage'));
registerLazy('profile-info', () => import('./profile/ProfileInfo'));
registerLazy('sso-loading', () => import('./login/SsoLoading'));
registerLazy('landing-page', () => import('./landing/LandingPage'));
registerLazy('theory-exam', () => import('./theory/TheoryExamPage'));
registerScores();
registerAssignments();
registerLazy('chat-launcher', () => import('./chat/ChatLauncher'));
registerLazy('weekly-picker', () => import('./weekly/WeeklyPicker'));
registerLazy('grader', () => import('./grader/Grader'));
registerLazy('recent-study', () => import('./recent-study/RecentStudy'));
// The login and profile forms' widgets, named by their YAML uiSchema (ui:widget: captcha, mobile, smsCode, ...).
// Loaded with the first form that uses one (forms load lazily and wait inside their own placeholder).
// rjsf takes only function components as widgets, so each lazy one is drawn by a small function.
for (const name of loginWidgetNames) {
  const Widget = lazy(() => import('./login/widgets').then((m) => ({ default: m.loginWidgets[name] })));
  registerWidget(name, (props: WidgetProps) => createElement(Widget, props));
}
