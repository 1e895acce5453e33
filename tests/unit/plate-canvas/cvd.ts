// Colour distance as readers with and without a colour-vision deficiency see it, for tests of
// palettes: Machado et al. (2009) simulation matrices (severity 1.0, linear RGB) and the
// CIE 1976 colour difference in CIELAB (D65).
const MATRICES: Record<string, number[][]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};
export const VISIONS = Object.keys(MATRICES);

const toLinear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

function lab(rgb: number[]): number[] {
  const [r, g, b] = rgb;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIELAB of 0xRRGGBB as seen with a vision of VISIONS. */
export function seenLab(colour: number, vision: string): number[] {
  const lin = [16, 8, 0].map((s) => toLinear((colour >> s) & 0xff));
  const m = MATRICES[vision];
  const sim = m.map((row) =>
    Math.min(1, Math.max(0, row[0] * lin[0] + row[1] * lin[1] + row[2] * lin[2])),
  );
  return lab(sim);
}

/** CIE76 difference of two colours as seen with a vision. */
export function deltaE(a: number, b: number, vision: string): number {
  const p = seenLab(a, vision);
  const q = seenLab(b, vision);
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}
