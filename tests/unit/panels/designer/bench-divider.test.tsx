// @vitest-environment happy-dom
// The bench's height from the keyboard, kept within bounds and remembered.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BENCH_MAX_PX,
  BenchDivider,
  readBenchHeight,
} from '../../../../src/panels/designer/bench-divider';

function Harness() {
  const bench = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(readBenchHeight);
  return (
    <>
      <BenchDivider height={height} onChange={setHeight} bench={bench} />
      <div ref={bench} />
    </>
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('BenchDivider', () => {
  it('moves with the arrow keys and Page Up, within bounds, and is remembered', () => {
    localStorage.setItem('designer.bench-height-px', '300');
    render(<Harness />);
    const divider = screen.getByRole('separator', { name: 'Resize the bench fridge' });
    expect(divider.getAttribute('aria-valuenow')).toBe('300');
    fireEvent.keyDown(divider, { key: 'ArrowUp' });
    expect(divider.getAttribute('aria-valuenow')).toBe('316');
    fireEvent.keyDown(divider, { key: 'PageDown' });
    expect(divider.getAttribute('aria-valuenow')).toBe('160');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(divider, { key: 'PageUp' });
    expect(divider.getAttribute('aria-valuenow')).toBe(String(BENCH_MAX_PX));
    expect(readBenchHeight()).toBe(BENCH_MAX_PX);
  });
});
