/**
 * The client's way to say "the API is in maintenance" without knowing about the router:
 * the app subscribes and navigates to /maintenance.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onMaintenance(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitMaintenance(): void {
  for (const listener of [...listeners]) listener();
}
