// The colours the plate's fills are drawn from: reagents by the golden angle, the layout
// colouring's 32 compound colours told apart in every common colour vision, the
// concentration heat map, and each compound's ramp from a light tint to a dark shade.
// Pure numbers, 0xRRGGBB.
const byte = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 255);
const channel = (c: number, shift: number) => (c >> shift) & 0xff;

// HSL (h in degrees, s and l in 0..1) to 0xRRGGBB.
function hsl(h: number, s: number, l: number): number {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return (byte(f(0)) << 16) | (byte(f(8)) << 8) | byte(f(4));
}

/**
 * The i-th of n reagent colours. Hues step by the golden angle, so neighbours in the list
 * are far apart on the wheel, and three lightness levels take turns, so that even 40
 * reagents on a 1536 plate stay told apart.
 */
export function reagentColour(i: number): number {
  const hue = (i * 137.508) % 360;
  const levels = [0.45, 0.62, 0.33];
  const sats = [0.72, 0.68, 0.6];
  const k = i % 3;
  return hsl(hue, sats[k], levels[k]);
}

/**
 * The layout colouring's 32 compound colours, in the order compounds get them. Chosen by
 * farthest-point selection over a 16-level RGB grid (chroma >= 25, L* 25..92), maximising the
 * smallest CIE76 difference as seen with normal vision and with simulated protanopia,
 * deuteranopia and tritanopia (Machado et al. 2009), away from the control greys and white:
 * any two differ by >= 11 in every vision, consecutive ones (neighbouring series) by >= 17.
 */
const COMPOUND_PALETTE: readonly number[] = [
  0xff8800, 0xbb00ff, 0x66bbff, 0xffbb88, 0xcc2200, 0xaa0099, 0xaa7755, 0x5500aa, 0x662255,
  0x33ff55, 0xff44cc, 0x9955dd, 0x772200, 0xaa9944, 0x0000ff, 0xaaeebb, 0xbb1155, 0xff2288,
  0x33cc22, 0xffccff, 0xee9988, 0x447711, 0x5599cc, 0xbb1188, 0xaa88ff, 0x7733bb, 0x2266ff,
  0x885533, 0xddaadd, 0x660088, 0xff33aa, 0x5500cc,
];

/** The k-th compound colour of the layout colouring (past 32 the colours repeat). */
export function compoundColour(k: number): number {
  return COMPOUND_PALETTE[k % COMPOUND_PALETTE.length];
}

/** Low-to-high colours of the concentration heat map (a viridis-like ramp). */
export const HEAT_STOPS: readonly number[] = [0x440154, 0x3b528b, 0x21918c, 0x5ec962, 0xfde725];

/** The colour a fraction t of the way from a to b, channel by channel. */
export function lerpColour(a: number, b: number, t: number): number {
  const mix = (s: number) => Math.round(channel(a, s) + (channel(b, s) - channel(a, s)) * t);
  return (mix(16) << 16) | (mix(8) << 8) | mix(0);
}

/** Heat colour at t in 0..1 along HEAT_STOPS. */
export function heatColour(t: number): number {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(x));
  return lerpColour(HEAT_STOPS[i], HEAT_STOPS[i + 1], x - i);
}

/** The low and high ends of a compound's ramp: a light tint of its colour, and a dark shade. */
export function seriesRamp(colour: number): readonly [number, number] {
  return [lerpColour(colour, 0xffffff, 0.72), lerpColour(colour, 0x000000, 0.3)];
}
