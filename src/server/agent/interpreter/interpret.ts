/**
 * The built-in interpreter: a request in plain language -> tool calls, with no network.
 * It reads wells, reagents (typo-tolerant, bench then catalog), amounts and the verb; what it
 * cannot read it says plainly with an example, and it never guesses a destructive change
 * (clear and remove need wells the request names). Pure.
 */
import type { PlateDefn } from '../../../domain/plate-format';
import { MOLAR_UNIT_SPELLING } from '../../../domain/units';
import type { BenchReagentInfo, WireWells } from '../../../domain/plate-wire';
import type { CatalogReagent } from '../../catalog/catalog-seed';
import { closestName, findReagents } from '../../../domain/reagent-names';
import { buildCandidates, type ReagentMention } from '../reagent-match';
import type { ToolCall } from '../tools/tool-registry';
import { parseWellRanges } from '../../../domain/plate/well-set-ranges';
import { blankSpans } from '../../../domain/plate/well-set-sentence';
import { idsOf } from '../../../domain/layout/well-list';
import { defaultDirection, type SeriesDirection } from '../tools/dilution-series';
import { QUOTED_TEXT, unreadQuestion, unreadWords } from '../parse/unread-words';
import type { ClauseFacts } from './clause-facts';
import { CLEAR_VERBS, classify, type Intent } from './intents';
import {
  findConcentrations,
  findDirection,
  findStartWell,
  findFactor,
  findReversed,
  findPoints,
  findReplicates,
  findVolumes,
} from '../../../domain/quantities';

/** What the interpreter knows besides the text. */
export interface InterpretContext {
  defn: PlateDefn;
  wells: WireWells;
  bench: readonly BenchReagentInfo[];
  catalog?: readonly CatalogReagent[];
  selection?: readonly number[];
  /** the experiment's default vehicle, which fills what the reagents leave */
  vehicleSlug?: string | null;
}

/** Tool calls to run, or a reply when the request cannot be turned into any. */
export type Interpretation =
  { calls: ToolCall[]; reply?: undefined } | { calls: []; reply: string };

/** Longest request read; anything longer is refused whole rather than half understood. */
export const MAX_REQUEST_CHARS = 1000;

/** Examples that fit the plate, for help and refusals. */
export function examples(defn: PlateDefn): string {
  const lastCol = defn.cols;
  const rows =
    defn.rows >= 32
      ? 'rows AA to AF'
      : `rows ${String.fromCharCode(64 + defn.rows - 1)} to ${String.fromCharCode(64 + defn.rows)}`;
  return [
    `"add 10 uM staurosporine to column ${lastCol - 1}"`,
    `"3-fold dilution of compound A from 30 uM across row B, ${Math.min(10, defn.cols)} points"`,
    // 0.1 % of a 96-well plate's 100 uL is 100 nL, under a pipette's 500 nL: refused there
    `"DMSO controls in columns 1 and 2, ${defn.format === 96 ? '0.5' : '0.1'} %"`,
    `"clear ${rows}"`,
    '"what is in B2"',
    '"which wells are unmet"',
    '"undo"',
  ].join(', ');
}

const OPPOSITE: Record<SeriesDirection, SeriesDirection> = {
  across: 'left',
  left: 'across',
  down: 'up',
  up: 'down',
};

function refuse(reply: string): Interpretation {
  return { calls: [], reply };
}

// Where a new concentration begins ("3 uM", ".5 %"): the clause readers part requests there.
const CONC_AHEAD = String.raw`(?=(?:\d+(?:\.\d+)?|\.\d+)\s*(?:${MOLAR_UNIT_SPELLING}|%)(?![A-Za-z]))`;
const AND_AMOUNT = new RegExp(String.raw`\s+(?:and|&|\+)\s+${CONC_AHEAD}`);

// Clauses: sentences, "then", "and" (or "&", "+") before a new amount ("10 uM X to A1 & 5 uM
// Y to A2", "3 uM X + 1 uM Y in F1") or a new action ("add X to row F and add Y to row P").
function clauses(text: string): string[] {
  return text
    .split(
      /[;\n]+|\.\s+(?=[A-Za-z])|,?\s+(?:and\s+)?then\s+|,?\s+(?:and|&|\+)\s+(?=(?:please\s+)?(?:add|put|dispense|pipette|place|set|fill|clear|nuke|remove|empty|label|tag|make|copy|move)\s)/i,
    )
    .flatMap((c) => c.split(AND_AMOUNT))
    .map((c) => c.trim().replace(/[.!]+$/, ''))
    .filter((c) => c.length > 0);
}

/** A blanked span that no well phrase reads across (a mark where it began). */
function mark(masked: string, spans: readonly { start: number; end: number }[]): string {
  const chars = [...masked];
  for (const s of spans) if (s.start < chars.length) chars[s.start] = '¦';
  return chars.join('');
}

const QUOTED = new RegExp(QUOTED_TEXT);

function readClause(
  text: string,
  ctx: InterpretContext,
  candidates: ReturnType<typeof buildCandidates>,
): ClauseFacts {
  const q = QUOTED.exec(text);
  const quoteSpans = q ? [{ start: q.index, end: q.index + q[0].length }] : [];
  const reagents = findReagents(blankSpans(text, quoteSpans), candidates);
  const masked = blankSpans(text, [...quoteSpans, ...reagents]);
  // A reagent's name parts what stood either side of it: "column dmso 48" is not "column 48".
  const ranges = parseWellRanges(mark(masked, reagents), {
    defn: ctx.defn,
    wells: ctx.wells,
    selection: ctx.selection,
  });
  const rest = blankSpans(masked, ranges.matches);
  return {
    text,
    rest,
    reagents,
    ranges,
    concs: findConcentrations(masked),
    volumes: findVolumes(masked),
    quoted: q ? (q[1] ?? q[2] ?? q[3]) : undefined,
  };
}

const AMOUNT_AFTER_COMMA = new RegExp(String.raw`,\s+${CONC_AHEAD}`, 'g');
const JOIN = /,\s*(?:(?:and|&|\+)\s+)?|\s+(?:and|&|\+)\s+/g;

// Where a second request may begin: a comma before its amount ("1 uM X in column 3, 2 uM Y
// in column 5"), or a comma or "and" before its reagent ("cmpd B 5 uM B2-B6 and cmpd A 2 uM
// B7-B11", "X in rows C and D, Y 2 uM in rows E and F").
function clauseStarts(
  text: string,
  candidates: ReturnType<typeof buildCandidates>,
): { index: number; length: number }[] {
  const starts = [...text.matchAll(AMOUNT_AFTER_COMMA)];
  for (const m of text.matchAll(JOIN)) {
    const next = text.slice(m.index + m[0].length);
    if (findReagents(next, candidates)[0]?.start === 0) starts.push(m);
  }
  return starts
    .map((m) => ({ index: m.index, length: m[0].length }))
    .toSorted((a, b) => a.index - b.index);
}

// Two requests, each with its amount, reagent and wells, parted by a comma or "and" only.
// Split where both sides are complete; "DMSO controls in columns 1 and 2, 0.1 %" stays whole
// (its second part has no wells of its own), and so does "X in rows C and D" (no reagent
// after "and").
function splitComplete(
  text: string,
  ctx: InterpretContext,
  candidates: ReturnType<typeof buildCandidates>,
): string[] {
  const complete = (t: string) => {
    const f = readClause(t, ctx, candidates);
    return f.reagents.length > 0 && f.ranges.matches.length > 0 && f.concs.length > 0;
  };
  for (const m of clauseStarts(text, candidates)) {
    const [a, b] = [text.slice(0, m.index), text.slice(m.index + m.length)];
    if (complete(a) && complete(b)) return [a.trim(), ...splitComplete(b, ctx, candidates)];
  }
  return [text];
}

function unknownReagent(
  f: ClauseFacts,
  candidates: ReturnType<typeof buildCandidates>,
  bench: readonly BenchReagentInfo[],
): string {
  // The word after the amount ("10 uM foobarin") or after "of" is the name that was meant.
  const after = f.concs[0] ? f.rest.slice(f.concs[0].end) : f.rest;
  const m =
    /^\s*(?:of\s+)?([A-Za-z][\w-]*(?:\s+[A-Z0-9][\w-]*)?)/.exec(after) ??
    /\bof\s+([A-Za-z][\w-]*)/i.exec(f.rest);
  const word = m?.[1]?.trim();
  const names = bench
    .map((b) => b.name)
    .slice(0, 8)
    .join(', ');
  const onBench = names ? ` On the bench: ${names}.` : ' The bench is empty.';
  if (!word || /^(to|in|into|at|across|down|on|for|the)$/i.test(word))
    return `Which reagent? Name one from the bench or the catalog, e.g. "add 10 uM staurosporine to B3".${onBench}`;
  const near = closestName(word, candidates);
  return `I don't know a reagent called "${word}".${near ? ` Did you mean ${near}?` : ''}${onBench}`;
}

const FILLERS =
  /^(?:everything|every|each|any|all|anything|the|contents?|of|wells?|it|them|out|up|stuff|reagents?|liquids?|\s)*$/i;

const REMOVAL = new RegExp(
  String.raw`\b(?:${CLEAR_VERBS})\b\s+(.+?)\s+(?:from|in|out\s+of)\b`,
  'i',
);

// The words between a removal verb and "from"/"in", when they are not filler.
function unreadObject(rest: string): string | undefined {
  const m = REMOVAL.exec(rest);
  const words = m?.[1].replace(/\s+/g, ' ').trim();
  return words && !FILLERS.test(words) ? words : undefined;
}

function needWells(f: ClauseFacts, ctx: InterpretContext, what: string): string[] | string {
  if (f.ranges.errors.length > 0) return `${f.ranges.errors.join('; ')}. Nothing changed.`;
  if (f.ranges.matches.length === 0)
    return `Which wells should I ${what}? Name them, e.g. "B3", "column 4", "rows A-D" or "the selection".`;
  if (f.ranges.indices.length === 0) {
    const sel = f.ranges.matches.some((m) => /select/i.test(m.text));
    return sel
      ? 'No wells are selected. Select wells on the plate, or name them.'
      : 'Those words name no wells on this plate.';
  }
  return idsOf(ctx.defn, f.ranges.indices);
}

function amountArgs(f: ClauseFacts): Record<string, number> | undefined {
  const c = f.concs[0];
  const reagentVol = f.volumes.find((v) => !v.final);
  const finalVol = f.volumes.find((v) => v.final) ?? (c ? reagentVol : undefined);
  const out: Record<string, number> = {};
  if (c?.nM != null) out.target_nM = c.nM;
  if (c?.percent != null) out.percent = c.percent;
  if (!c && reagentVol) out.volume_uL = reagentVol.uL;
  if (finalVol && (c || finalVol !== reagentVol)) out.final_volume_uL = finalVol.uL;
  return Object.keys(out).some((k) => k !== 'final_volume_uL') ? out : undefined;
}

// What a reagent comes in is named after "in", "into", "with" or "of" ("in DMSO", "(in DMEM)").
const COMES_IN = /\b(?:in|into|with|of)\s*\(?\s*$/i;

/**
 * The names of the clause's other reagents than `r`, once each, but for what `r` comes in:
 * its stock's solvent or the experiment's vehicle named as such ("10 uM staurosporine in
 * DMSO to A1", "to A1 in DMEM"), which the plan adds anyway. Named otherwise ("staurosporine
 * 1 uM in column 24, DMSO in column 23") the solvent is a reagent of its own, with its own
 * wells: counted, so the reader asks instead of writing the first reagent into both.
 */
function otherReagents(f: ClauseFacts, r: ReagentMention, ctx: InterpretContext): string[] {
  const solvent = ctx.bench.find((b) => b.slug === r.ref.slug)?.solvent?.toLowerCase();
  const carrier = (m: ReagentMention) =>
    (m.ref.slug === ctx.vehicleSlug || m.ref.name.toLowerCase() === solvent) &&
    COMES_IN.test(f.text.slice(0, m.start));
  const names = f.reagents
    .filter((m) => m.ref.slug !== r.ref.slug && !carrier(m))
    .map((m) => m.ref.name);
  return [...new Set(names)];
}

// "add staurosporine to row F and compound A to row P at 1 uM": one add names one reagent;
// which amount and wells go with which is not for the reader to guess.
function oneReagentEach(
  f: ClauseFacts,
  r: ReagentMention,
  others: string[],
  kind: 'add' | 'series',
): string {
  const [a, b] = [r.ref.name, ...others];
  const example =
    kind === 'add'
      ? `"add 1 uM ${a} to row B and add 2 uM ${b} to row C"`
      : `"3-fold dilution of ${a} from 10 uM across row B, 8 points; 3-fold dilution of ${b} from 10 uM across row C, 8 points"`;
  return (
    `"${f.text}" names ${[a, ...others].join(' and ')}: which amount and wells go with which? ` +
    `Give each its own, e.g. ${example}.`
  );
}

// "10 uM X to column 3, 2 uM": one reagent, two molar amounts; which is meant?
function twoAmounts(f: ClauseFacts, r: ReagentMention): string | undefined {
  const molar = f.concs.filter((c) => c.nM != null);
  if (molar.length < 2) return undefined;
  const said = molar.map((c) => f.text.slice(c.start, c.end)).join(', ');
  return `"${f.text}" gives ${r.ref.name} ${molar.length} amounts (${said}): which one? Give one amount per reagent.`;
}

// "dup 3 uM X in J10 & K10", "trip 500 nM X C5-C7": wells named one by one, or a run of as
// many wells as replicates, are the replicates themselves. Replicates of wells named
// otherwise ("DMSO controls col 1 trip") are not wells: written as named they would be
// dropped, so the reader asks which wells hold them.
function unplacedReplicates(f: ClauseFacts, example: string): string | undefined {
  const reps = findReplicates(f.rest);
  if (
    !reps ||
    (f.ranges.matches.every((x) => x.kind === 'wells' || x.kind === 'rect') &&
      f.ranges.indices.length === reps.replicates)
  )
    return undefined;
  return `Which wells hold the ${f.text.slice(reps.start, reps.end).trim()}? Name every ${example}.`;
}

// "then tag them HIT": the wells of the clause before.
const THEM = /\b(?:them|those(?:\s+wells)?|these(?:\s+wells)?|the\s+same\s+wells)\b/i;

function clauseCalls(
  intent: Intent,
  f: ClauseFacts,
  ctx: InterpretContext,
  candidates: ReturnType<typeof buildCandidates>,
): ToolCall[] | string {
  const r = f.reagents[0];
  switch (intent.kind) {
    case 'undo':
      return [{ name: 'undo', args: {} }];
    case 'unmet':
      return [{ name: 'list_unmet', args: {} }];
    case 'amount': {
      if (!r) return unknownReagent(f, candidates, ctx.bench);
      if (f.ranges.errors.length > 0) return `${f.ranges.errors.join('; ')}.`;
      return [
        {
          name: 'reagent_amount',
          args: { reagent: r.ref.slug, wells: idsOf(ctx.defn, f.ranges.indices) },
        },
      ];
    }
    case 'where':
      if (!r) return unknownReagent(f, candidates, ctx.bench);
      return [{ name: 'where_is', args: { reagent: r.ref.slug } }];
    case 'describe': {
      if (f.ranges.errors.length > 0) return `${f.ranges.errors.join('; ')}.`;
      const all = ctx.defn.rows * ctx.defn.cols;
      // "what's on the plate" asks for an overview, not 1536 well descriptions.
      if (f.ranges.indices.length === 0 || f.ranges.indices.length === all)
        return [{ name: 'plate_summary', args: {} }];
      return [{ name: 'describe_wells', args: { wells: idsOf(ctx.defn, f.ranges.indices) } }];
    }
    case 'clear': {
      const ids = needWells(f, ctx, 'clear');
      if (typeof ids === 'string') return ids;
      if (r && intent.reagentScoped)
        return [{ name: 'remove_reagent', args: { wells: ids, reagent: r.ref.slug } }];
      // "remove foobarin from column 3": a name that is not a reagent must not become a clear.
      const named = unreadObject(f.rest);
      if (named)
        return `I don't know a reagent called "${named}", so I removed nothing. Name a reagent on the bench, or say "clear" and the wells to empty them.`;
      return [{ name: 'clear_wells', args: { wells: ids } }];
    }
    case 'control': {
      if (!intent.control)
        return 'What kind of control? e.g. "negative controls in column 1", "DMSO controls in columns 1 and 2, 0.1 %" or "positive controls in column 2: 10 uM staurosporine".';
      const ids = needWells(f, ctx, 'make controls');
      if (typeof ids === 'string') return ids;
      const reps = unplacedReplicates(f, 'control well, e.g. "negative controls in columns 1-3"');
      if (reps) return reps;
      const args: Record<string, unknown> = { wells: ids, kind: intent.control };
      const amt = amountArgs(f);
      if (amt?.target_nM != null) args.target_nM = amt.target_nM;
      if (amt?.percent != null) args.percent = amt.percent;
      if (amt?.final_volume_uL != null) args.final_volume_uL = amt.final_volume_uL;
      const named = f.reagents.find(
        (m) => !(intent.control === 'dmso' && /dmso/i.test(m.ref.name)),
      );
      if (intent.control === 'dmso') {
        const dmso = f.reagents.find((m) => /dmso/i.test(m.ref.name));
        if (dmso) args.reagent = dmso.ref.slug;
      } else if (named) args.reagent = named.ref.slug;
      if (intent.control === 'positive' && !named && f.concs.length > 0)
        return unknownReagent(f, candidates, ctx.bench);
      return [{ name: 'set_control', args }];
    }
    case 'series': {
      if (!r) return unknownReagent(f, candidates, ctx.bench);
      const others = otherReagents(f, r, ctx);
      if (others.length > 0) return oneReagentEach(f, r, others, 'series');
      const ids = needWells(f, ctx, 'put the series in');
      if (typeof ids === 'string') return ids;
      const start = f.concs.find((c) => c.nM != null);
      if (!start)
        return `What is the top concentration? e.g. "3-fold dilution of ${r.ref.name} from 30 uM across row B, 10 points".`;
      const factor = findFactor(f.rest);
      if (!factor)
        return `By what factor? e.g. "3-fold dilution of ${r.ref.name} from ${f.text.slice(start.start, start.end)} …" or "1:2".`;
      const args: Record<string, unknown> = {
        reagent: r.ref.slug,
        wells: ids,
        start_nM: start.nM,
        factor: factor.factor,
      };
      const points = findPoints(f.rest);
      if (points) args.points = points.points;
      const twice = twoAmounts(f, r);
      if (twice) return twice;
      const reps = findReplicates(f.rest);
      if (reps) args.replicates = reps.replicates;
      // "row D going left from D12": the lines start at the well named, not the row's end
      const from = findStartWell(f.text);
      if (from && f.ranges.matches.some((m) => m.start === from.start && m.indices.length === 1))
        args.start_well = from.well;
      const dir = findDirection(f.rest);
      if (findReversed(f.rest)) {
        const cells = f.ranges.indices.map((k) => ({
          row: Math.floor(k / ctx.defn.cols),
          col: k % ctx.defn.cols,
        }));
        args.direction = OPPOSITE[dir ?? defaultDirection(cells)];
      } else if (dir) args.direction = dir;
      const fv = f.volumes.find((v) => v.final) ?? f.volumes[0];
      if (fv) args.final_volume_uL = fv.uL;
      return [{ name: 'dilution_series', args }];
    }
    case 'annotate': {
      const ids = needWells(f, ctx, intent.field === 'tag' ? 'tag' : `give a ${intent.field}`);
      if (typeof ids === 'string') return ids;
      const value = f.quoted ?? intent.value;
      if (!value)
        return `What ${intent.field}? e.g. "${intent.field} column 1 as REF" or ${intent.field} B3 "hit 1".`;
      const key = intent.field === 'tag' && intent.removeTag ? 'remove_tag' : intent.field;
      return [{ name: 'annotate_wells', args: { wells: ids, [key]: value } }];
    }
    case 'fill': {
      const ids = needWells(f, ctx, 'fill');
      if (typeof ids === 'string') return ids;
      const fv = f.volumes[0];
      const args: Record<string, unknown> = { wells: ids };
      if (fv) args.final_volume_uL = fv.uL;
      if (r) args.reagent = r.ref.slug;
      return [{ name: 'fill_vehicle', args }];
    }
    case 'add': {
      if (!r) return unknownReagent(f, candidates, ctx.bench);
      const others = otherReagents(f, r, ctx);
      if (others.length > 0) return oneReagentEach(f, r, others, 'add');
      const twice = twoAmounts(f, r);
      if (twice) return twice;
      const reps = unplacedReplicates(f, `well, e.g. "add 1 uM ${r.ref.name} to A1-A3"`);
      if (reps) return reps;
      const amt = amountArgs(f);
      if (!amt)
        return `How much ${r.ref.name}? e.g. "add 10 uM ${r.ref.name} to B3" or "add 2 uL ${r.ref.name} to B3".`;
      const ids = needWells(f, ctx, `add ${r.ref.name} to`);
      if (typeof ids === 'string') return ids;
      return [{ name: 'set_reagent', args: { wells: ids, reagent: r.ref.slug, ...amt } }];
    }
    case 'unknown': {
      // Name the words no part of the reading placed ("bump", "wats"), not the whole request.
      const unread = unreadWords(f.text, ctx.defn, candidates);
      if (unread.length > 0)
        return `${unreadQuestion(unread)} I can, for example: ${examples(ctx.defn)}.`;
      return `I didn't understand "${f.text.length > 80 ? `${f.text.slice(0, 77)}…` : f.text}". I can, for example: ${examples(ctx.defn)}.`;
    }
  }
}

/** Turns a request into tool calls, or a plain reply when it cannot. */
export function interpret(text: string, ctx: InterpretContext): Interpretation {
  const trimmed = (text ?? '').trim();
  if (!trimmed)
    return refuse(`Tell me what to do with the plate, for example: ${examples(ctx.defn)}.`);
  if (trimmed.length > MAX_REQUEST_CHARS)
    return refuse(
      `That message is ${trimmed.length} characters long; I act on one short request at a time (up to ${MAX_REQUEST_CHARS}). Nothing changed. For example: ${examples(ctx.defn)}.`,
    );
  const candidates = buildCandidates(ctx.bench, ctx.catalog ?? []);
  const parts = clauses(trimmed)
    .flatMap((c) => splitComplete(c, ctx, candidates))
    .map((c) => readClause(c, ctx, candidates));
  const calls: ToolCall[] = [];
  let lastIntent: Intent | undefined;
  for (let i = 0; i < parts.length; i++) {
    const f = parts[i];
    // A clause split off before a new amount shares its neighbour's verb and wells.
    let intent = classify(f);
    if (intent.kind === 'unknown' && lastIntent?.kind === 'add' && f.concs.length > 0)
      intent = lastIntent;
    // "3 uM X and 1 uM Y in F1": a mixture, the first amount with no verb or wells of its own
    // goes where the next, an addition, goes.
    const following = parts[i + 1];
    if (
      intent.kind === 'unknown' &&
      f.reagents.length > 0 &&
      f.concs.length > 0 &&
      f.ranges.matches.length === 0 &&
      following &&
      classify(following).kind === 'add'
    )
      intent = { kind: 'add' };
    const prev = parts[i - 1];
    if (
      f.ranges.matches.length === 0 &&
      prev &&
      prev.ranges.indices.length > 0 &&
      THEM.test(f.rest)
    )
      f.ranges = prev.ranges;
    if (f.ranges.matches.length === 0 && intent.kind === 'add') {
      const next = parts.slice(i + 1).find((p) => p.ranges.matches.length > 0);
      if (next && next.concs.length > 0) f.ranges = next.ranges;
    }
    const r = clauseCalls(intent, f, ctx, candidates);
    if (typeof r === 'string') return refuse(parts.length > 1 ? `"${f.text}": ${r}` : r);
    calls.push(...r);
    lastIntent = intent;
  }
  return { calls };
}
