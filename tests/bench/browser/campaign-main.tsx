// The campaign view's benchmark page: the real CampaignGrid (pixi thumbnails, captions) given
// a 300-plate 1536 campaign (1,408 compounds and 128 controls a plate, as a primary screen)
// and its plan's figures, mounted from nothing. `paint` answers when the grid has drawn
// every thumbnail and the frame that shows them has finished on the main thread. The driver
// is campaign-view.bench.ts.
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MemoryRouter } from 'react-router-dom';
import type { CampaignPlanSummary, CampaignThumbnails } from '../../../src/api/campaigns';
import { CampaignGrid } from '../../../src/app/campaigns/campaign-grid';
import { afterFrameTask, marks, settle, STEP_START } from './harness';

const PLATES = 300;

/** Controls in columns 1-2 and 47-48 (POS, NEG), compounds elsewhere; the last plate half full. */
function roles(plate: number): string {
  let out = '';
  for (let r = 0; r < 32; r++) {
    for (let c = 0; c < 48; c++) {
      if (c === 0 || c === 46) out += 'P';
      else if (c === 1 || c === 47) out += 'N';
      else out += plate === PLATES - 1 && r >= 16 ? '.' : 'c';
    }
  }
  return out;
}

const thumbs: CampaignThumbnails = {
  id: 1,
  name: 'Primary screen',
  format: 1536,
  rows: 32,
  cols: 48,
  plates: Array.from({ length: PLATES }, (_, k) => ({
    position: k + 1,
    experiment_id: k + 1,
    barcode: `AS${String(k + 1).padStart(4, '0')}`,
    compounds: 1408,
    empty_wells: 0,
    roles: roles(k),
  })),
};
const plan: CampaignPlanSummary = {
  transfer_count: PLATES * 1536,
  unmet_count: 3,
  shortfall_count: 0,
  plates: thumbs.plates.map((p, k) => ({
    barcode: p.barcode,
    transfers: 1536,
    unmet: k === 136 ? 3 : 0,
    shortfalls: 0,
    solvent_pct: { DMSO: { min: 0.1, max: 0.1 } },
  })),
  warnings: [],
};

let root: Root | null = null;

const api = {
  /** Mounts the grid from nothing; ms from the mount to the end of its first painted frame. */
  async paint(): Promise<{ ms: number; renderer: string }> {
    root?.unmount();
    await settle();
    const container = document.getElementById('root')!;
    root = createRoot(container);
    if (marks.on) performance.mark(STEP_START);
    const t0 = performance.now();
    const painted = new Promise<string>((resolve) => {
      flushSync(() =>
        root!.render(
          <MemoryRouter>
            <CampaignGrid thumbs={thumbs} plan={plan} onOpen={() => {}} onPainted={resolve} />
          </MemoryRouter>,
        ),
      );
    });
    const renderer = await painted;
    // the frame that shows the canvas and the captions, to its end on the main thread
    const ended = await new Promise<number>((resolve) =>
      requestAnimationFrame(() => void afterFrameTask().then(resolve)),
    );
    return { ms: ended - t0, renderer };
  },
  setMarks(on: boolean) {
    marks.on = on;
  },
};

declare global {
  interface Window {
    campaignBench: typeof api;
  }
}
window.campaignBench = api;
