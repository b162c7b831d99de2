import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useRef, useState } from 'react';
import { api, endpointKey } from '../../engine';

/** Server-issued image code: a key plus an image; every attempt uses one up, so callers refresh after each try. */
export interface CaptchaState {
  key: string;
  img: string;
}

/**
 * The image code, read through the query cache: a new one each time a panel that shows it mounts, and on `refresh`
 * (after every try, or a click on the image); never kept once no panel shows it.
 */
export function useServerCaptcha() {
  const read = useQuery({
    queryKey: endpointKey('captcha', {}),
    queryFn: () => api.call<CaptchaState>('captcha', {}, { silent: true }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
  });
  const { refetch } = read;
  const refresh = useCallback(() => void refetch(), [refetch]);
  // A code that could not be replaced is used up: no image rather than the old one.
  return { captcha: read.isError ? null : (read.data ?? null), refresh };
}

export const CaptchaContext = createContext<{ captcha: CaptchaState | null; refresh: () => void }>({ captcha: null, refresh: () => {} });

/** A countdown in whole seconds (the SMS resend wait, the automatic return after a reset). */
export function useCountdown(onEnd?: () => void) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const end = useRef(onEnd);
  end.current = onEnd;
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setLeft(0);
  }, []);
  const start = useCallback((seconds: number) => {
    if (timer.current) clearInterval(timer.current);
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n > 1) return n - 1;
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
        end.current?.();
        return 0;
      });
    }, 1000);
  }, []);
  useEffect(() => () => { if (timer.current) clearInterval(timer.current); }, []);
  return { left, start, stop };
}

/** The SMS button's state, shared by the panel that owns the countdown and the widget inside the form. */
export interface SmsState {
  left: number;
  idleLabel: string;
  send: () => void;
}
export const SmsContext = createContext<SmsState>({ left: 0, idleLabel: '获取验证码', send: () => {} });

/** Opens the agreement dialog from the agreement checkbox. */
export const AgreementContext = createContext<{ open: () => void; label: string; linkText: string }>({ open: () => {}, label: '我已阅读并同意', linkText: '《用户服务协议》' });

/** The values of the form being edited, for widgets whose choices depend on other fields (the org cascade). */
export const FormValuesContext = createContext<Record<string, unknown>>({});
