// The engine's public surface for custom components and renderers.
export { AfterFirstPaint, useAfterFirstPaint } from './afterPaint';
export { api, ApiCallError } from './api';
export { loadProfile, reloadSiteConfig } from './bootstrap';
export { shellSettings, useSiteConfig, type ShellSettings } from './config';
export { evaluate, template } from './expr';
export { notify } from './notify';
export { register, registerLayout, registerLazy, registerLazyLayout, type RendererProps, type RenderScreen } from './registry';
export { DownloadError, fetchDownload, saveFile } from './download';
export { endpointKey, fileKey, invalidateEndpoints, queryClient, watchEndpoints } from './query';
export { afterLoginPath, parentRoutes } from './routes';
export { profileQuery } from './profile';
export { session, useSession, type UserInfo } from './session';
export { chooseTheme, storedThemeId } from './theme';
export type { ScreenConfig, SiteConfig } from './types';
export { useShownCount } from './visibility';
