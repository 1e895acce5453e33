// Module worker entry: paints the plate's session overlay on canvases the page transferred
// (OffscreenCanvas), so a drag's drawing and its hand-off to the compositor leave the main
// thread. The painting code lives in src/plate-canvas/overlay-painter.ts.
import { exposeOverlay } from '../plate-canvas/overlay-api';

exposeOverlay(self as unknown as Parameters<typeof exposeOverlay>[0]);
