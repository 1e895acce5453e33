// Events per experiment (agent activity, plate changed, thread updated) for the /events
// stream. Publishers call publish(); every stream of that experiment, in this process or (on
// PostgreSQL) in any process on the same database, receives the event.

/** Kinds of events a stream carries. */
export type ExperimentEventType = 'agent_activity' | 'plate_changed' | 'thread_updated' | 'hello';

/** What a publisher gives: the type and any JSON fields that describe it. */
export interface EventInput {
  type: ExperimentEventType;
  [field: string]: unknown;
}

/** An event as streams deliver it: stamped with its experiment and time. */
export interface ExperimentEvent extends EventInput {
  experiment_id: number;
  /** ISO time of publication */
  at: string;
}

export type EventListener = (event: ExperimentEvent) => void;

/** The `events` service decorated on the app. */
export interface EventBus {
  /** Delivers an event to every stream of the experiment; resolves once it is sent. */
  publish(experimentId: number, event: EventInput): Promise<void>;
  /** Listens to one experiment's events; returns the unsubscribe function. */
  subscribe(experimentId: number, listener: EventListener): () => void;
  /** Listens to every experiment's delivery being interrupted and resumed (PostgreSQL). */
  onResume(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Stamps an event with its experiment and the time. */
export function stampEvent(
  experimentId: number,
  event: EventInput,
  now = new Date(),
): ExperimentEvent {
  return { ...event, experiment_id: experimentId, at: now.toISOString() };
}

/** Local subscribers keyed by experiment; the part both buses share. */
export class Subscribers {
  private readonly byExperiment = new Map<number, Set<EventListener>>();
  private readonly resumeListeners = new Set<() => void>();

  add(experimentId: number, listener: EventListener): () => void {
    let set = this.byExperiment.get(experimentId);
    if (!set) this.byExperiment.set(experimentId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byExperiment.get(experimentId) === set) {
        this.byExperiment.delete(experimentId);
      }
    };
  }

  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /** Calls every listener of the event's experiment; one failing listener stops no other. */
  dispatch(event: ExperimentEvent): void {
    for (const listener of this.byExperiment.get(event.experiment_id) ?? []) {
      try {
        listener(event);
      } catch (error) {
        console.error('event listener failed:', (error as Error).message);
      }
    }
  }

  resumed(): void {
    for (const listener of this.resumeListeners) listener();
  }

  /** How many listeners an experiment has (tests and diagnostics). */
  count(experimentId: number): number {
    return this.byExperiment.get(experimentId)?.size ?? 0;
  }
}

/** The bus of a single process (PGlite): publish dispatches directly. */
export function inProcessEventBus(): EventBus {
  const subscribers = new Subscribers();
  return {
    async publish(experimentId, event) {
      subscribers.dispatch(stampEvent(experimentId, event));
    },
    subscribe: (experimentId, listener) => subscribers.add(experimentId, listener),
    onResume: (listener) => subscribers.onResume(listener),
    async close() {},
  };
}
