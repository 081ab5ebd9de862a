import { useEffect, useRef } from "react";

/**
 * Listens to one of the platform's events (`platform.onIndexProgress`, …) while the component is
 * mounted. `handler` and `onError` may change between renders without re-subscribing. A
 * subscription that resolves after unmount is stopped at once.
 */
export function useSubscription<T>(
  subscribe: (handler: (payload: T) => void) => Promise<() => void>,
  handler: (payload: T) => void,
  onError: (error: unknown) => void = () => undefined,
) {
  const latest = useRef({ handler, onError });
  latest.current = { handler, onError };
  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let live = true;
    subscribe((payload) => latest.current.handler(payload)).then(
      (stop) => {
        if (live) unsubscribe = stop;
        else stop();
      },
      (error: unknown) => latest.current.onError(error),
    );
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [subscribe]);
}
