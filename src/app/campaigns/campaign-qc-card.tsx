/**
 * The campaign QC table: pick a campaign, set the thresholds, and read every plate's Z',
 * robust Z', S/B, control CVs and SSMD from its latest readout, failing plates marked (in
 * words, and by colour) with why. A plate opens in the designer to read its results.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/api-error';
import { campaignQc, campaignsToCheck, type CampaignListed } from '../../api/campaign-qc';
import { DEFAULT_CAMPAIGN_QC } from '../../domain/results/campaign-qc';
import type { CampaignQc } from '../../domain/schemas/campaign-qc';
import { StatusLines } from '../../panels/ui/status-lines';
import './campaign-qc.css';
import { fieldOf } from './field-of';

const num = (x: number | null, digits = 3) =>
  x === null ? '—' : String(Number(x.toPrecision(digits)));

export function CampaignQcCard() {
  const id = useId();
  const [campaigns, setCampaigns] = useState<CampaignListed[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [zMin, setZMin] = useState(DEFAULT_CAMPAIGN_QC.z_prime_min);
  const [cvMax, setCvMax] = useState(DEFAULT_CAMPAIGN_QC.cv_max_pct);
  const [table, setTable] = useState<CampaignQc | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    campaignsToCheck()
      .then((list) => {
        setCampaigns(list);
        setChosen((c) => c ?? list[0]?.id ?? null);
      })
      .catch((cause: unknown) => setError(errorMessage(cause)));
  }, []);

  const read = useCallback(async () => {
    if (chosen === null) return;
    setError('');
    setStatus('Working out the QC of every plate…');
    try {
      setTable(await campaignQc(chosen, { z_prime_min: zMin, cv_max_pct: cvMax }));
      setStatus('');
    } catch (cause) {
      setStatus('');
      setError(errorMessage(cause));
    }
  }, [chosen, zMin, cvMax]);
  useEffect(() => {
    // read after this render: the status line shows at once, the table when it comes
    const timer = setTimeout(() => void read(), 0);
    return () => clearTimeout(timer);
  }, [read]);

  const field = fieldOf(id);
  const threshold = (key: string, value: number, set: (v: number) => void, step: number) => (
    <input
      id={`${id}-${key}`}
      className="input"
      type="number"
      step={step}
      value={value}
      onChange={(e) => {
        if (e.target.value !== '' && Number.isFinite(Number(e.target.value)))
          set(Number(e.target.value));
      }}
    />
  );

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card__header">
        <h2 id={`${id}-title`} className="card__title">
          Plate QC of a campaign
        </h2>
      </div>
      <div className="card__body stack">
        {campaigns.length === 0 && !error ? (
          <p>No campaign yet: make one above, then import each plate's reader file.</p>
        ) : (
          <div className="row">
            {field(
              'Campaign',
              'campaign',
              <select
                id={`${id}-campaign`}
                className="input select"
                value={chosen ?? ''}
                onChange={(e) => setChosen(Number(e.target.value))}
              >
                {campaigns.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({c.plates} plates)
                  </option>
                ))}
              </select>,
            )}
            {field("Pass at Z' ≥", 'zmin', threshold('zmin', zMin, setZMin, 0.05))}
            {field('Control CV at most (%)', 'cvmax', threshold('cvmax', cvMax, setCvMax, 1))}
          </div>
        )}
        <StatusLines status={status} error={error} />
        {table && (
          <>
            <p data-testid="campaign-qc-summary">
              {table.failing === 0
                ? `No plate fails (${table.plates.filter((p) => p.pass).length} pass).`
                : `${table.failing} of ${table.plates.length} plates fail.`}
            </p>
            <div className="campaign-qc__scroll">
              <table className="campaign-qc" data-testid="campaign-qc">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>Barcode</th>
                    <th>Run</th>
                    <th>Z'</th>
                    <th>Robust Z'</th>
                    <th>S/B</th>
                    <th>CV POS %</th>
                    <th>CV NEG %</th>
                    <th>SSMD</th>
                    <th>QC</th>
                  </tr>
                </thead>
                <tbody>
                  {table.plates.map((p) => (
                    <tr
                      key={p.position}
                      data-barcode={p.barcode}
                      className={p.pass === false ? 'campaign-qc__fail' : undefined}
                    >
                      <td>{p.position}</td>
                      <td>
                        <Link to={`/experiments/${p.experiment_id}`}>{p.barcode}</Link>
                      </td>
                      <td>{p.readout ? p.readout.run : '—'}</td>
                      <td>{num(p.z_prime)}</td>
                      <td>{num(p.robust_z_prime)}</td>
                      <td>{num(p.s_b)}</td>
                      <td>{num(p.cv_pos_pct)}</td>
                      <td>{num(p.cv_neg_pct)}</td>
                      <td>{num(p.ssmd)}</td>
                      <td data-testid="campaign-qc-verdict">
                        {p.pass === null
                          ? `not known${p.notes.length > 0 ? `: ${p.notes.join('; ')}` : ''}`
                          : p.pass
                            ? 'passes'
                            : `fails: ${p.failures.join('; ')}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
