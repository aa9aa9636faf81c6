// A minimal typed event: the workspace tells its adapters (LSP, the agent endpoint) what changed
// without knowing who listens.

export interface Disposable {
  dispose(): void;
}

export type Listener<T> = (event: T) => void;

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** Subscribes; the returned disposable unsubscribes. */
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  /**
   * Calls every listener. One listener that throws does not keep the others from hearing the event;
   * its error is passed to `onError` (the workspace itself must never fail because of a listener).
   */
  fire(event: T, onError: (error: unknown) => void = () => undefined): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
