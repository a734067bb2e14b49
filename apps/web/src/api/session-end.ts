import type { ApiError } from './errors';

/**
 * The client's way to say "the API no longer accepts this session" (a 401 to the stored token)
 * without knowing about the router: the app subscribes, logs out and goes to /auth/login.
 */
type Listener = (error: ApiError) => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitUnauthorized(error: ApiError): void {
  for (const listener of [...listeners]) listener(error);
}
