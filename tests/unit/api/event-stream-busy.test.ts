// The event stream after a busy answer (503 with Retry-After) reconnects after that wait, and
// every reconnect names the last event it read (Last-Event-ID) so the server replays the rest.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type ExperimentEvent } from '../../../src/api/events';
import { installFakeFetch } from './fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('event stream reconnects', () => {
  it('waits Retry-After after a 503 and sends Last-Event-ID of the last event', async () => {
    vi.useFakeTimers();
    const net = installFakeFetch();
    net.respond(200, 'id: 41\ndata: {"type":"agent_activity","experiment_id":7,"at":"t"}\n\n');
    net.respond(503, { detail: 'busy' }, 'Service Unavailable', { 'retry-after': '5' });
    net.respond(200, 'id: 42\ndata: {"type":"thread_updated","experiment_id":7,"at":"t"}\n\n');
    net.hang();
    const events: ExperimentEvent[] = [];
    const close = openEventStream(7, { onEvent: (e) => events.push(e) });
    // the first stream ends: the default 2 s retry, then the 503
    await vi.advanceTimersByTimeAsync(2100);
    expect(net.calls).toHaveLength(2);
    expect(net.calls[1].headers['Last-Event-ID']).toBe('41');
    await vi.advanceTimersByTimeAsync(4800);
    expect(net.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(net.calls).toHaveLength(3);
    expect(net.calls[2].headers['Last-Event-ID']).toBe('41');
    await vi.advanceTimersByTimeAsync(2100);
    expect(net.calls[3].headers['Last-Event-ID']).toBe('42');
    close();
    expect(events.map((e) => e.type)).toEqual(['agent_activity', 'thread_updated']);
  });
});
