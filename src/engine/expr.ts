// The expression language is shared with the server's config checker: it lives in shared/.
export * from '../../shared/expr';
