import { I18nProvider } from '@lingui/react';
import {
  render as renderPure,
  renderHook as renderHookPure,
  type RenderHookOptions,
  type RenderOptions,
} from '@testing-library/react/pure';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { i18n } from '@/i18n';

/*
 * '@testing-library/react' in the web tests (vitest.config.ts points the name here): the same
 * library, with every render inside the app's I18nProvider, as the app renders
 * (app/providers.tsx). Clean-up after each test is test/setup.ts's.
 */

export * from '@testing-library/react/pure';

function withI18n(Inner?: ComponentType<{ children: ReactNode }>) {
  return function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
}

export function render(ui: ReactElement, options: RenderOptions = {}) {
  return renderPure(ui, { ...options, wrapper: withI18n(options.wrapper as ComponentType<{ children: ReactNode }>) });
}

export function renderHook<Result, Props>(hook: (props: Props) => Result, options: RenderHookOptions<Props> = {}) {
  return renderHookPure(hook, {
    ...options,
    wrapper: withI18n(options.wrapper as ComponentType<{ children: ReactNode }>),
  });
}
