// Opening an experiment in the designer: experiment, plate, saved versions and bench into the
// stores, then the live parts (event stream, agent activity, subsection mirror) until closed.
import { subscribeKey } from 'valtio/utils';
import { errorMessage } from '../api/api-error';
import { openEventStream, type ExperimentEvent } from '../api/events';
import { getDispensing } from '../api/dispensing';
import { getExperiment } from '../api/experiments';
import { getPlateCompact } from '../api/plate';
import { listVersions } from '../api/versions';
import { parsePlateFormat } from '../domain/plate-format';
import { emptyPlateState } from '../domain/plate-state';
import { loadBench } from './bench-actions';
import {
  adoptWirePlate,
  baseVersion,
  closeDesignerSession,
  designerSession,
  flushSaves,
  openDesignerSession,
  savesIdle,
} from './designer-document';
import { designer, resetDesignerState, showDocument, showPlate } from './designer-store';
import { followPlate, onPlateChanged, onStreamHello } from './plate-sync';
import { plateSelection, resetSelection } from './selection-store';

/** Agent activity counts as ongoing for this long after the last event (spec section 9). */
export const AGENT_ACTIVE_TIMEOUT_MS = 5000;

let generation = 0;

/**
 * Loads an experiment into the designer: loading, then ready or error. If the server
 * returns no plate, an empty plate of the experiment's type is shown.
 */
export async function loadDesigner(experimentId: number): Promise<void> {
  const mine = ++generation;
  // Edits of the experiment being left still go to it before its queue is replaced.
  if (!savesIdle()) await flushSaves();
  if (designer.experiment?.id !== experimentId) resetDesignerState();
  designer.loadStatus = 'loading';
  designer.loadError = null;
  try {
    const [experiment, plate, versions, dispensing] = await Promise.all([
      getExperiment(experimentId),
      getPlateCompact(experimentId),
      listVersions(experimentId).catch((error: unknown) => {
        console.error('Could not load snapshots', error);
        return [];
      }),
      getDispensing(experimentId).catch(() => null),
    ]);
    if (mine !== generation) return;
    designer.experiment = experiment;
    designer.dispensing = dispensing;
    designer.snapshots = versions;
    const format = parsePlateFormat(experiment.plate_type) ?? 96;
    // No plate in the answer: the one shown stays when it is of the experiment's type.
    const kept = !plate && designer.plate?.defn.format === format ? designer.plate : null;
    const session = openDesignerSession(experimentId, plate?.version ?? kept?.version ?? 0);
    if (plate) {
      session.adoptWirePlate(plate, false);
    } else if (kept) {
      session.adoptServerState(kept, false);
    } else {
      showPlate(null);
      showDocument({ format, wells: emptyPlateState(format).wells });
    }
    resetSelection(plateSelection, designer.format, 0);
    designer.subsection = 0;
    designer.loadStatus = 'ready';
    void loadBench(experimentId, experiment.default_vehicle_slug ?? experiment.vehicle_slug);
  } catch (error) {
    if (mine !== generation) return;
    designer.loadStatus = 'error';
    designer.loadError = errorMessage(error);
  }
}

// Leaving the page with edits not yet saved asks the browser's own question.
function unsavedGuard(event: BeforeUnloadEvent): void {
  if (designer.saveStatus !== 'saved') event.preventDefault();
}

function onEvent(event: ExperimentEvent, markActive: () => void): void {
  if (event.type === 'agent_activity') markActive();
  if (event.type === 'hello') onStreamHello(event);
  if (event.type === 'plate_changed') {
    // The same version again, with no wells: the dispensing settings changed, and with them
    // the numbers; reload them and the plate the server computed with them.
    if (event.version === baseVersion() && event.changed == null && savesIdle()) {
      void reloadDispensing();
      return;
    }
    // Someone else (another tab, the assistant) wrote the plate: follow it (plate-sync.ts).
    onPlateChanged(event);
  }
}

/** Reads the dispensing settings again, then the plate the server computed with them. */
async function reloadDispensing(): Promise<void> {
  const id = designer.experiment?.id;
  if (id === undefined) return;
  try {
    designer.dispensing = await getDispensing(id);
    const plate = await getPlateCompact(id);
    // the same wells, computed again with the new settings
    if (plate && savesIdle()) adoptWirePlate(plate, false);
  } catch (error) {
    console.error('Could not reload the dispensing settings', error);
  }
}

/**
 * Starts the live parts of an open designer: the event stream, the agent-activity flag, the
 * subsection mirror and the unsaved-changes guard. Returns the function that stops them.
 */
export function connectDesigner(experimentId: number): () => void {
  let agentTimer: ReturnType<typeof setTimeout> | null = null;
  const markActive = () => {
    designer.agentActive = true;
    if (agentTimer) clearTimeout(agentTimer);
    agentTimer = setTimeout(() => {
      designer.agentActive = false;
    }, AGENT_ACTIVE_TIMEOUT_MS);
  };
  // The screen connects once the plate is loaded, so the session is the experiment's.
  const session = designerSession();
  const stopFollowing =
    session?.experimentId === experimentId ? followPlate(session) : () => undefined;
  const closeStream = openEventStream(experimentId, { onEvent: (e) => onEvent(e, markActive) });
  const unsubscribe = subscribeKey(plateSelection, 'subsection', (s) => {
    designer.subsection = s;
  });
  window.addEventListener('beforeunload', unsavedGuard);
  return () => {
    closeStream();
    stopFollowing();
    unsubscribe();
    window.removeEventListener('beforeunload', unsavedGuard);
    if (agentTimer) clearTimeout(agentTimer);
    designer.agentActive = false;
  };
}

/** Leaves the designer: waiting edits are sent first, then its session is closed. */
export function closeDesigner(): void {
  const mine = ++generation;
  void flushSaves().finally(() => {
    if (mine === generation) closeDesignerSession();
  });
}
