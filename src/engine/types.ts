// The configuration types the server's /api/config reply and the engine agree on live in shared/.
export * from '../../shared/config-types';
