// The plate designer's document state (ARCHITECTURE.md "Designer"): the experiment, the
// plate as the server last confirmed it, and the document being edited (format + wells,
// optimistic). Large values (wells, plate states) are held with valtio's `ref`: an edit
// replaces them whole, so readers compare identities instead of walking 1536 wells.
// Selection and focus are session state and live in selection-store.ts.
import type { DispenseSettings } from '../domain/dispensing/settings';
import { proxy, ref } from 'valtio/vanilla';
import type { Experiment } from '../api/types';
import type { VersionSummary } from '../api/versions';
import type { PlateFormat } from '../domain/plate-format';
import type { PlateState, WireWells } from '../domain/plate-state';
import type { ProtocolOp } from '../domain/plate-wire';
import type { SaveStatus } from './save-queue';

/** What is saved, versioned and undone: the plate format and its wells in wire form. */
export interface PlateDocument {
  format: PlateFormat;
  wells: WireWells;
}

export type DesignerLoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Tabs of the designer's right area. */
export type DesignerTab = 'chat' | 'editor' | 'results';

export interface DesignerState {
  experiment: Experiment | null;
  /** The plate as the server last answered it (derived fields, version, hash). */
  plate: PlateState | null;
  /** the experiment's dispensing settings: the plate is computed with them, as on the server */
  dispensing: DispenseSettings | null;
  /** The document's plate format (may run ahead of `plate` until the save lands). */
  format: PlateFormat;
  /** The document's wells, optimistic; replaced as a whole on every edit. */
  wells: WireWells;
  /** The 8x12 block shown on 384/1536 plates (mirrors the selection store's). */
  subsection: number;
  saveStatus: SaveStatus;
  /** Why the last save failed, or what a conflict did; null when all is well. */
  saveError: string | null;
  /** Saved versions, newest first; the snapshots menu shows those with a snapshot. */
  snapshots: VersionSummary[];
  /** Working-stock preparations and other protocol operations (from the assistant). */
  protocolOps: ProtocolOp[];
  loadStatus: DesignerLoadStatus;
  loadError: string | null;
  canUndo: boolean;
  canRedo: boolean;
  /** A snapshot, revert or plate-type change is running. */
  busy: 'snapshot' | 'revert' | 'plate-type' | null;
  /** Last snapshot/revert failure to show; null when none. */
  actionError: string | null;
  /** The reagent picker dialog is open (onboarding opens it; the picker closes it). */
  pickerOpen: boolean;
  /** Right-area tab. */
  tab: DesignerTab;
  /** The server reported agent activity within the last 5 s. */
  agentActive: boolean;
}

function initialState(): DesignerState {
  return {
    experiment: null,
    plate: null,
    dispensing: null,
    format: 96,
    wells: ref({} as WireWells),
    subsection: 0,
    saveStatus: 'saved',
    saveError: null,
    snapshots: [],
    protocolOps: [],
    loadStatus: 'idle',
    loadError: null,
    canUndo: false,
    canRedo: false,
    busy: null,
    actionError: null,
    pickerOpen: false,
    tab: 'chat',
    agentActive: false,
  };
}

/** The designer's store. */
export const designer = proxy<DesignerState>(initialState());

/** Back to the state before any experiment was loaded. */
export function resetDesignerState(): void {
  Object.assign(designer, initialState());
}

/** The current document (format + wells). */
export function currentDocument(): PlateDocument {
  return { format: designer.format, wells: designer.wells };
}

/** Shows a document; the wells are held by reference, never deep-proxied. */
export function showDocument(doc: PlateDocument): void {
  if (designer.format !== doc.format) designer.format = doc.format;
  if (designer.wells !== doc.wells) designer.wells = ref(doc.wells);
}

/** Keeps a server plate state by reference. */
export function showPlate(state: PlateState | null): void {
  designer.plate = state && ref(state);
}

/** Saved versions that carry a snapshot, newest first. */
export function snapshotVersions(versions: readonly VersionSummary[]): VersionSummary[] {
  return versions.filter((v) => v.has_snapshot);
}

/** The latest snapshots the menu lists (spec section 9: 5). */
export const RECENT_SNAPSHOTS = 5;
