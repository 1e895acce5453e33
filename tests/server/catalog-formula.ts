// Molar mass from a molecular formula, to check the catalog's molecular weights against.
// Standard atomic weights: IUPAC abridged values (conventional values for H, C, N, O, Cl...).

/** Standard atomic weights (g/mol) of the elements the catalog uses. */
export const ATOMIC_WEIGHTS: Readonly<Record<string, number>> = {
  H: 1.008,
  Li: 6.94,
  B: 10.81,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  F: 18.998,
  Na: 22.99,
  Mg: 24.305,
  Al: 26.982,
  Si: 28.085,
  P: 30.974,
  S: 32.06,
  Cl: 35.45,
  K: 39.098,
  Ca: 40.078,
  V: 50.942,
  Mn: 54.938,
  Fe: 55.845,
  Co: 58.933,
  Ni: 58.693,
  Cu: 63.546,
  Zn: 65.38,
  Se: 78.971,
  Br: 79.904,
  I: 126.904,
  Pt: 195.08,
};

/**
 * Element counts of a formula such as 'C28H26N4O3', '(NH4)2SO4', 'MgCl2·6H2O' or
 * 'C27H28N6O·3HCl·3H2O': parentheses nest, a '·' starts an adduct whose leading number
 * multiplies it. Throws on anything it cannot read, including unknown elements.
 */
export function elementCounts(formula: string): Map<string, number> {
  if (formula.trim() !== formula || formula === '') throw new Error(`Empty or padded formula`);
  const counts = new Map<string, number>();
  for (const part of formula.split('·')) {
    const lead = /^\d+(\.\d+)?/.exec(part);
    const multiplier = lead ? Number(lead[0]) : 1;
    const body = lead ? part.slice(lead[0].length) : part;
    if (body === '') throw new Error(`Empty adduct in ${formula}`);
    const parser = new GroupParser(body, formula);
    for (const [element, n] of parser.parseAll()) {
      counts.set(element, (counts.get(element) ?? 0) + n * multiplier);
    }
  }
  return counts;
}

/** Molar mass (g/mol) of a formula from the standard atomic weights. */
export function molarMass(formula: string): number {
  let mass = 0;
  for (const [element, n] of elementCounts(formula)) mass += ATOMIC_WEIGHTS[element]! * n;
  return mass;
}

/** Recursive-descent reader of one adduct: element or parenthesised group, then a count. */
class GroupParser {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly whole: string,
  ) {}

  parseAll(): Map<string, number> {
    const counts = this.parseSequence();
    if (this.pos !== this.text.length) this.fail();
    return counts;
  }

  private parseSequence(): Map<string, number> {
    const counts = new Map<string, number>();
    while (this.pos < this.text.length && this.text[this.pos] !== ')') {
      let group: Map<string, number>;
      if (this.text[this.pos] === '(') {
        this.pos += 1;
        group = this.parseSequence();
        if (this.text[this.pos] !== ')' || group.size === 0) this.fail();
        this.pos += 1;
      } else {
        group = new Map([[this.parseElement(), 1]]);
      }
      const n = this.parseCount();
      for (const [element, k] of group) counts.set(element, (counts.get(element) ?? 0) + k * n);
    }
    return counts;
  }

  private parseElement(): string {
    const match = /^[A-Z][a-z]?/.exec(this.text.slice(this.pos));
    if (!match) this.fail();
    const symbol = match[0];
    if (!(symbol in ATOMIC_WEIGHTS)) {
      throw new Error(`Unknown element ${symbol} in ${this.whole}`);
    }
    this.pos += symbol.length;
    return symbol;
  }

  private parseCount(): number {
    const match = /^\d+/.exec(this.text.slice(this.pos));
    if (!match) return 1;
    this.pos += match[0].length;
    const n = Number(match[0]);
    if (n === 0) this.fail();
    return n;
  }

  private fail(): never {
    throw new Error(`Cannot read formula ${this.whole} at "${this.text.slice(this.pos)}"`);
  }
}
