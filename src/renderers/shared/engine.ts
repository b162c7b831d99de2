// The one place renderers bind to the engine: if an engine name moves, only this file changes.
export { api } from '../../engine/api';
export { evaluate, template } from '../../engine/expr';
export { useSiteConfig } from '../../engine/config';
export { useSession } from '../../engine/session';
export { notify } from '../../engine/notify';
export { session } from '../../engine/session';
export { shellSettings } from '../../engine/config';
export { ScreenView } from '../../engine/ScreenView';
export { loadProfile, reloadSiteConfig } from '../../engine/bootstrap';
export { afterLoginPath } from '../../engine/router';
export { useShownCount } from '../../engine/visibility';
export { endpointKey, invalidateEndpoints, watchEndpoints } from '../../engine/query';
