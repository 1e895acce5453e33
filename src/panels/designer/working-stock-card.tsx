/** "Working Stock Preparations": the off-plate protocol operations, shown when there are any. */
import { useSnapshot } from 'valtio';
import { formatVolume } from '../../domain/accuracy';
import type { ProtocolOp } from '../../domain/plate-wire';
import { designer } from '../../state/designer-store';

/** Operations done off the plate (sel "OFF"): the working-stock preparations. */
export function workingStockOps(ops: readonly ProtocolOp[]): ProtocolOp[] {
  return ops.filter((op) => op.sel === 'OFF');
}

export function WorkingStockCard() {
  const { protocolOps } = useSnapshot(designer);
  const ops = workingStockOps(protocolOps as readonly ProtocolOp[]);
  if (ops.length === 0) return null;
  return (
    <section className="card working-stock" aria-labelledby="working-stock-title">
      <header className="card__header">
        <h2 id="working-stock-title" className="card__title">
          Working Stock Preparations
        </h2>
      </header>
      <ol className="working-stock__list">
        {ops.map((op, i) => (
          <li key={`${op.reagent ?? ''}-${i}`}>
            <span className="working-stock__label">{op.label ?? op.reagent ?? op.op}</span>
            {op.volume_uL != null && (
              <span className="working-stock__volume">{formatVolume(op.volume_uL)}</span>
            )}
            {op.notes && <span className="working-stock__notes">{op.notes}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
