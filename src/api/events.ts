/**
 * The experiment's event stream (GET .../events, text/event-stream) read with fetch, so the
 * request carries the bearer token as well as the cookies (EventSource can send neither
 * header). Reconnects after the server's `retry:` delay (2 s by default, growing while the
 * server stays away, or after Retry-After when it answered busy); a message that is not JSON
 * is logged and skipped. A reconnect sends the id of the last event read (Last-Event-ID), and
 * the server replays what came after it.
 */
import { createParser } from 'eventsource-parser';
import type { ExperimentEvent } from '../domain/schemas/event';
import { SessionExpiredError, busyRetryMs } from './api-error';
import { apiRequest } from './http-client';

export type { ExperimentEvent };

export interface EventStreamOptions {
  onEvent(event: ExperimentEvent): void;
  /** Connected (true) or waiting to reconnect (false). */
  onConnection?(connected: boolean): void;
}

const DEFAULT_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;

/** Parses one `data:` payload; logs and returns null when it is not an event object. */
export function parseEventData(data: string): ExperimentEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as { type?: unknown }).type === 'string'
    ) {
      return value as ExperimentEvent;
    }
    console.error('Event stream message is not an event', data);
  } catch (error) {
    console.error('Event stream parse error', error, data);
  }
  return null;
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openEventStream(experimentId: number, options: EventStreamOptions): () => void {
  const controller = new AbortController();
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let busyMs: number | null = null;
  let lastEventId: string | null = null;

  const readOnce = async () => {
    const response = await apiRequest<Response>(`/api/experiments/${experimentId}/events`, {
      headers: {
        Accept: 'text/event-stream',
        ...(lastEventId !== null && { 'Last-Event-ID': lastEventId }),
      },
      responseType: 'response',
      signal: controller.signal,
    });
    if (!response.body) return;
    options.onConnection?.(true);
    failures = 0;
    const parser = createParser({
      onEvent: (message) => {
        if (message.id) lastEventId = message.id;
        const event = parseEventData(message.data);
        if (event) options.onEvent(event);
      },
      onRetry: (ms) => {
        retryMs = ms;
      },
      onError: (error) => console.error('Event stream parse error', error),
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  };

  const loop = async () => {
    while (!controller.signal.aborted) {
      try {
        await readOnce();
      } catch (error) {
        if (controller.signal.aborted || error instanceof SessionExpiredError) return;
        failures += 1;
        busyMs = busyRetryMs(error);
      }
      if (controller.signal.aborted) return;
      options.onConnection?.(false);
      const delay = busyMs ?? Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 4));
      busyMs = null;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
  void loop();
  return () => controller.abort();
}
