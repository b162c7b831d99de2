// The one place renderers bind to the engine: if an engine name moves, only this file changes.
export { api } from '../../engine/api';
export { isRefusal } from '../../engine/errors';
export { evaluate, template } from '../../engine/expr';
export { useSiteConfig } from '../../engine/config';
export { useSession } from '../../engine/session';
export { notify } from '../../engine/notify';
export { session } from '../../engine/session';
export { entryPoints, shellSettings } from '../../engine/config';
export { loadProfile, reloadSiteConfig } from '../../engine/bootstrap';
export { afterLoginPath } from '../../engine/routes';
export { useShownCount } from '../../engine/visibility';
export { useAfterFirstPaint } from '../../engine/afterPaint';
export { register, registerLazy, type RendererProps, type RenderScreen } from '../../engine/registry';
export { firstCallShown, firstCallUnshown, type FirstCall, type FirstCallPlans, type FirstPage } from '../../engine/firstCalls';
export type { SiteConfig } from '../../engine/types';
export { endpointKey, invalidateEndpoints, watchEndpoints } from '../../engine/query';
export { cspNonce } from '../../engine/cspNonce';
export { DownloadError, fetchDownload, saveFile, type DownloadProgress } from '../../engine/download';
