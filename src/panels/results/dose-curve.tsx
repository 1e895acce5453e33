/**
 * One compound's dose-response: its points and the fitted 4PL on a log concentration axis, as
 * SVG. The axis spans the tested range (a decade either side when it is a single point).
 */
import { fourPl } from '../../domain/results/four-pl';
import type { PlateResults } from '../../domain/schemas/results';

const W = 260;
const H = 150;
const PAD = { left: 36, right: 8, top: 8, bottom: 24 };

export function DoseCurve({ series }: { series: PlateResults['fits'][number] }) {
  const positive = series.x.filter((x) => x > 0);
  const lo = Math.log10(Math.min(...positive)) - 0.3;
  const hi = Math.log10(Math.max(...positive)) + 0.3;
  const ys = series.y;
  const fit = series.fit;
  const curve: [number, number][] = [];
  if (fit.ok) {
    for (let k = 0; k <= 60; k++) {
      const lx = lo + ((hi - lo) * k) / 60;
      curve.push([
        lx,
        fourPl({ b: fit.b.value, c: fit.c.value, d: fit.d.value, e: fit.e.value }, 10 ** lx),
      ]);
    }
  }
  const all = [...ys, ...curve.map(([, y]) => y)];
  const ymin = Math.min(...all);
  const ymax = Math.max(...all);
  const sx = (lx: number) => PAD.left + ((lx - lo) / (hi - lo)) * (W - PAD.left - PAD.right);
  const sy = (y: number) =>
    H - PAD.bottom - ((y - ymin) / (ymax - ymin || 1)) * (H - PAD.top - PAD.bottom);
  const decades: number[] = [];
  for (let d = Math.ceil(lo); d <= Math.floor(hi); d++) decades.push(d);
  return (
    <svg
      className="dose-curve"
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="img"
      aria-label={`Dose-response of ${series.compound}`}
    >
      <line
        x1={PAD.left}
        y1={H - PAD.bottom}
        x2={W - PAD.right}
        y2={H - PAD.bottom}
        stroke="currentColor"
      />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} stroke="currentColor" />
      {decades.map((d) => (
        <text key={d} x={sx(d)} y={H - 8} fontSize="9" textAnchor="middle">
          {d >= 3 ? `${10 ** (d - 3)} uM` : `${10 ** d} nM`}
        </text>
      ))}
      <text x={2} y={PAD.top + 8} fontSize="9">
        {Number(ymax.toPrecision(3))}
      </text>
      <text x={2} y={H - PAD.bottom} fontSize="9">
        {Number(ymin.toPrecision(3))}
      </text>
      {curve.length > 0 && (
        <polyline
          fill="none"
          stroke="#1f6fb2"
          strokeWidth="1.5"
          points={curve.map(([lx, y]) => `${sx(lx).toFixed(1)},${sy(y).toFixed(1)}`).join(' ')}
        />
      )}
      {series.x.map((x, i) =>
        x > 0 ? (
          <circle key={i} cx={sx(Math.log10(x))} cy={sy(ys[i])} r="2.5" fill="#c0392b" />
        ) : null,
      )}
    </svg>
  );
}
