// Every API area registers its routes here; each area is one file (server/routes/<area>.ts).
import type { RouteContext } from './define';
import { answerRoutes } from './answer';
import { learnRoutes } from './learn';
import { schoolRoutes } from './school';
import { systemRoutes, type SiteConfigSource } from './system';
import { userRoutes } from './user';

export interface RouteOptions {
  config: SiteConfigSource;
  defaultDomain: string;
  dataDir: string;
}

export function registerRoutes(ctx: RouteContext, opts: RouteOptions): void {
  systemRoutes(ctx, opts);
  schoolRoutes(ctx);
  userRoutes(ctx, opts);
  learnRoutes(ctx);
  answerRoutes(ctx);
}
