import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from '../../../src/api/with-timeout';

afterEach(() => vi.useRealTimers());

describe('withTimeout', () => {
  it('resolves with the promise when it is in time', async () => {
    await expect(withTimeout(Promise.resolve(5), 1000, 'late')).resolves.toBe(5);
  });

  it('rejects with TimeoutError and runs onTimeout when the time is up', async () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const pending = withTimeout(
      new Promise(() => undefined),
      10_000,
      'Session initialization timed out',
      onTimeout,
    );
    vi.advanceTimersByTime(10_000);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('Session initialization timed out');
    expect(onTimeout).toHaveBeenCalledOnce();
  });
});
