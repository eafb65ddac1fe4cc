/**
 * How many live unread-count streams (server-sent events) one member may hold open at once on a
 * replica (docs/product.md#notifications). Each holds a connection at the gateway and here for as
 * long as the session lasts; a member needs one per open tab, and a few tabs are plenty. Pure.
 */
export const MAX_STREAMS_PER_MEMBER = 5;

/** Seconds a refused stream is told to wait (Retry-After); the shell retries later by itself anyway. */
export const REFUSED_STREAM_RETRY_S = 30;

/**
 * Whether a member holding `open` streams may open another. The one over the limit is refused (429)
 * rather than the oldest closed: a browser whose stream is closed reconnects, which would close
 * another tab's, and so on for ever; a refused tab only waits and tries again.
 */
export const mayOpenStream = (open: number): boolean => open < MAX_STREAMS_PER_MEMBER;
