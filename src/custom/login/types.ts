import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FieldMessages } from '../../renderers';

/** One @rjsf form of the login page, as written in config/screens/login.yaml. */
export interface LoginForm {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  messages?: FieldMessages;
  submitLabel?: string;
}

/** YAML props of `type: login-page`. */
export interface LoginPageProps {
  title?: string;
  subtitle?: string;
  firstLoginTip?: string;
  /** Where a visitor who opens the login page already signed in is sent (the spec: the personal centre). */
  signedInPath?: string;
  capsLockTip?: string;
  forms: Record<'login' | 'register' | 'forgot' | 'reset' | 'bind' | 'complete', LoginForm>;
  texts?: Partial<Record<
    | 'accountTab' | 'scanTab' | 'register' | 'forgot' | 'backToLogin' | 'cancel' | 'registerTitle' | 'registerDone' | 'forgotTitle'
    | 'resetTitle' | 'resetDone' | 'returnIn' | 'noSmsKey' | 'scanHint' | 'scanExpired' | 'bindTitle' | 'completeTitle' | 'toComplete' | 'toBind' | 'passwordMismatch',
    string
  >>;
  agreement?: { articleId: number; label?: string; linkText?: string; title?: string; width?: number };
  sms?: { seconds?: number; idleLabel?: string; sendLabel?: string };
  scan?: { pollSeconds?: number; expireSeconds?: number };
  reset?: { returnSeconds?: number; failureTab?: number };
}

export type Tab = 1 | 2 | 3 | 4 | 5 | 6 | 7;
