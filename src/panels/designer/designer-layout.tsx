/**
 * The designer's work area: the plate (and working-stock card) on the left, a draggable
 * divider, and on the right the Chat / Well editor tabs over the Bench fridge.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { BenchDivider, readBenchHeight } from './bench-divider';
import { DispensePlanView } from './dispense-plan-view';
import { SplitDivider } from './split-divider';
import { readSplit, writeSplit } from './split-width';
import { RightTabs } from './right-tabs';
import { ResultsPanel } from '../results/results-panel';
import { WorkingStockCard } from './working-stock-card';

export interface DesignerLayoutProps {
  experimentId: number;
  plate: ReactNode;
  chat: ReactNode;
  editor: ReactNode;
  bench: ReactNode;
}

export function DesignerLayout({ experimentId, plate, chat, editor, bench }: DesignerLayoutProps) {
  const container = useRef<HTMLElement>(null);
  const [left, setLeft] = useState(readSplit);
  const benchRef = useRef<HTMLDivElement>(null);
  // null: the layout's own height (clamped to the viewport) until the divider is moved.
  const [benchHeight, setBenchHeight] = useState(readBenchHeight);
  const leftId = useId();
  const change = (value: number) => {
    setLeft(value);
    writeSplit(value);
  };
  return (
    <main
      ref={container}
      className="designer"
      data-testid="designer"
      data-experiment-id={experimentId}
      style={{ gridTemplateColumns: `${left}% auto minmax(0, 1fr)` }}
    >
      <section id={leftId} className="designer__left" aria-label="Plate">
        <div className="designer__plate">{plate}</div>
        <WorkingStockCard />
        <DispensePlanView />
      </section>
      <SplitDivider value={left} onChange={change} container={container} controls={leftId} />
      <section className="designer__right" aria-label="Side panels">
        <div className="designer__tabs">
          <RightTabs
            chat={chat}
            editor={editor}
            results={<ResultsPanel experimentId={experimentId} />}
          />
        </div>
        <BenchDivider height={benchHeight} onChange={setBenchHeight} bench={benchRef} />
        <div
          ref={benchRef}
          className="designer__bench"
          style={benchHeight === null ? undefined : { height: benchHeight, maxHeight: 'none' }}
        >
          {bench}
        </div>
      </section>
    </main>
  );
}
