// The event-stream reader against canned fetch responses (the test double of fake-fetch.ts
// stands in for the network only; the server's stream has its own tests).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, parseEventData, type ExperimentEvent } from '../../../src/api/events';
import { exportSpec } from '../../../src/api/exports';
import { setAccessTokenProvider } from '../../../src/api/http-client';
import { installFakeFetch } from './fake-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setAccessTokenProvider(null);
});

describe('event stream', () => {
  it('parses JSON messages and logs what is not an event', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseEventData('{"type":"hello","experiment_id":3,"at":"x"}')?.type).toBe('hello');
    expect(parseEventData('not json')).toBeNull();
    expect(parseEventData('{"no":"type"}')).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('reads with the bearer token and cookies, skips bad messages, and reconnects', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const net = installFakeFetch();
    setAccessTokenProvider(() => 'token-1');
    const body = [
      'retry: 5',
      '',
      ': heartbeat',
      '',
      'data: {"type":"hello","experiment_id":7,"at":"t0"}',
      '',
      'data: {broken',
      '',
      'data: {"type":"agent_activity","experiment_id":7,"at":"t1"}',
      '',
      '',
    ].join('\n');
    net.respond(200, body);
    net.respond(200, 'data: {"type":"plate_changed","experiment_id":7,"at":"t2","version":4}\n\n');
    net.hang();
    const events: ExperimentEvent[] = [];
    const close = openEventStream(7, { onEvent: (e) => events.push(e) });
    await vi.waitFor(() => expect(events).toHaveLength(3), { timeout: 2000 });
    close();
    expect(events.map((e) => e.type)).toEqual(['hello', 'agent_activity', 'plate_changed']);
    expect(events[2]).toMatchObject({ type: 'plate_changed', version: 4 });
    expect(net.calls[0].url).toBe('/api/experiments/7/events');
    expect(net.calls[0].headers.Authorization).toBe('Bearer token-1');
    expect(net.calls[0].headers.Accept).toBe('text/event-stream');
    expect(net.calls[0].credentials).toBe('include');
    expect(net.calls.length).toBeGreaterThanOrEqual(2);
    expect(error).toHaveBeenCalled();
  });
});

describe('exports', () => {
  it('names the files as the spec says', () => {
    expect(exportSpec(12, 'csv')).toEqual({
      path: '/api/experiments/12/export/csv',
      fileName: 'experiment_12.csv',
      failure: 'Export failed',
    });
    expect(exportSpec(12, 'excel')).toMatchObject({
      fileName: 'experiment_12.xlsx',
      failure: 'Excel export failed',
    });
    expect(exportSpec(12, 'transfer-list')).toMatchObject({
      path: '/api/experiments/12/export/transfer-list?instrument=acoustic',
      fileName: 'experiment_12_transfers.csv',
    });
  });
});
