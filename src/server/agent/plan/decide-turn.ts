/**
 * The offline interpreter's turn, parse -> plan -> check: a request (and the question the
 * previous turn left open, if any) -> tool calls that pass the checks, an answer, a refusal
 * that says what would work, or one short question with choices when the request reads more
 * than one way. Nothing here writes: the caller applies the calls as one change. Pure.
 */
import { interpret } from '../interpreter/interpret';
import { readAmounts } from '../parse/amounts';
import { normalize } from '../parse/normalize';
import { blankSpans, findExcept, findPhrases } from '../../../domain/plate/well-set-sentence';
import type { PhraseContext, PhraseMatch } from '../../../domain/plate/well-set-sentence';
import { NARROWED, SELECTION_WORDS, parseWellRanges } from '../../../domain/plate/well-set-ranges';
import { numberWord, placeOf } from '../../../domain/number-words';
import { buildCandidates, catalogToBench } from '../reagent-match';
import { runCalls, type CallsResult } from '../run-calls';
import type { ToolCall } from '../tools/tool-registry';
import type { ToolContext } from '../tools/tool-types';
import { checkChange } from './check';
import { readEdit } from './edit-requests';
import { answerQuestion } from './questions';
import { unreadQuestion, unreadWords } from '../parse/unread-words';
import { fitCount, readWellCount } from './counted-wells';

/** One choice of a question: what it says and the request (and wells) it stands for. */
export interface Choice {
  label: string;
  request: string;
  /** wells standing for "the selection" in `request` */
  wells?: number[];
}

/** A question asked instead of writing, kept in the conversation for the next turn. */
export interface PendingQuestion {
  text: string;
  choices: Choice[];
  /** the request asked about; an answer without choices completes it */
  request: string;
}

export interface TurnDecision {
  calls: ToolCall[];
  reply?: string;
  question?: PendingQuestion;
  /** what the calls do on the context they were checked on (so they run once) */
  result?: CallsResult;
}

/** The choice a reply picks: "1", "the second", or words of the choice. */
export function pickChoice(text: string, choices: readonly Choice[]): Choice | undefined {
  const t = text.trim().toLowerCase().replace(/[.!]$/, '');
  const n = /^(?:(?:option|choice|number|no\.?)\s*)?(\d)$/.exec(t)?.[1];
  if (n) return choices[Number(n) - 1];
  const o =
    /^(?:the\s+)?(first|second|third|fourth|one|two|three|four)(?:\s+(?:one|option|choice))?$/.exec(
      t,
    );
  if (o) return choices[placeOf(o[1]) - 1];
  const words = t.split(/[^a-z0-9]+/).filter((w) => w.length > 0);
  if (words.length === 0) return undefined;
  const hits = choices.filter((c) => {
    const label = c.label.toLowerCase();
    return words.every((w) => new RegExp(`\\b${w}\\b`).test(label));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

function ask(text: string, request: string, choices: Choice[] = []): TurnDecision {
  const listed =
    choices.length > 0
      ? ` ${choices.map((c, k) => `${k + 1}) ${c.label}`).join('; ')}. Reply with the number or the words.`
      : '';
  return { calls: [], reply: `${text}${listed}`, question: { text, choices, request } };
}

const refuse = (reason: string): TurnDecision => ({
  calls: [],
  reply: /nothing (?:changed|written|replaced)/i.test(reason)
    ? reason
    : `${reason}${/[.?!]$/.test(reason) ? '' : '.'} Nothing changed.`,
});

function phraseContext(ctx: ToolContext): PhraseContext {
  const reagentSlugs = new Map<string, string>();
  for (const b of ctx.bench) reagentSlugs.set(b.name, b.slug);
  return { defn: ctx.defn, wells: ctx.wells, reagentSlugs, selection: ctx.selection };
}

// "compound" alone when the bench holds several compounds named "Compound X".
function genericCompound(text: string, ctx: ToolContext): Choice[] | null {
  const m = /\b[Cc]ompound\b(?!\s*-?\s*[A-Za-z0-9]\b)(?!\s+[A-Z0-9][\w-]*)/.exec(text);
  if (!m) return null;
  const named = ctx.bench.filter((b) => /^compound\s+\S+$/i.test(b.name));
  if (named.length < 2) return null;
  return named.map((b) => ({
    label: b.name,
    request: text.slice(0, m.index) + b.name + text.slice(m.index + m[0].length),
  }));
}

const WRITE_QUESTION =
  /^\s*(?:can|could|may|should)\s+i\s+(?:put|add|use|dispense|have)\s+(.+?)\??\s*$/i;

/** Decides the turn; `pending` is the question the previous turn asked, if any. */
export function decideTurn(
  text: string,
  ctx: ToolContext,
  pending?: PendingQuestion,
): TurnDecision {
  if (pending) {
    const choice = pending.choices.length > 0 ? pickChoice(text, pending.choices) : undefined;
    if (choice) return decideRequest(choice.request, withWells(ctx, choice.wells));
    if (pending.choices.length === 0) {
      const alone = decideRequest(text, ctx);
      if (alone.calls.length > 0 || /^\s*(?:what|which|how|undo)\b/i.test(text)) return alone;
      const joined = decideRequest(`${pending.request} ${text}`, ctx);
      if (joined.calls.length > 0) return joined;
      return alone;
    }
  }
  return decideRequest(text, ctx);
}

function withWells(ctx: ToolContext, wells?: number[]): ToolContext {
  return wells ? { ...ctx, selection: wells } : ctx;
}

// The calls that change the plate; answers and undo read it only.
const PLATE_WRITES = new Set([
  'set_reagent',
  'dilution_series',
  'set_control',
  'clear_wells',
  'remove_reagent',
  'fill_vehicle',
  'annotate_wells',
  'copy_wells',
]);

/**
 * Reads the request; a reading that would write while a word of the request is left
 * unread is asked about instead, quoting the words (and offering the nearest known word).
 */
function decideRequest(raw: string, ctx: ToolContext): TurnDecision {
  const count = readWellCount(raw);
  let d = readRequest(count.text, ctx);
  const writes = d.calls.some((c) => PLATE_WRITES.has(c.name));
  // A question the reading asks ("Which wells?") may come of a word it could not read: the
  // word is asked about instead.
  if (!writes && !d.question) return d;
  if (writes && d.result?.wells) {
    const fit = fitCount(d.calls, d.result.changed, ctx.wells, count);
    if ('question' in fit) return ask(fit.question, raw);
    if (fit.calls !== d.calls) d = planAndCheck(fit.calls, ctx, undefined, raw);
    if (!d.calls.some((c) => PLATE_WRITES.has(c.name))) return d;
  }
  const values = d.calls.flatMap((c) =>
    ['label', 'tag', 'sample', 'remove_tag'].flatMap((k) =>
      typeof c.args[k] === 'string' ? String(c.args[k]).split(/[^A-Za-z0-9]+/) : [],
    ),
  );
  // The words as the reader read them: shorthand already spelt out ("cmpd B", "ZPE").
  const read = normalize(raw, ctx.defn).text;
  const unread = unreadWords(read, ctx.defn, buildCandidates(ctx.bench, ctx.catalog ?? []), values);
  if (unread.length === 0) return d;
  const [first] = unread;
  const fixed = first.near ? raw.replace(new RegExp(`\\b${first.word}\\b`), first.near) : undefined;
  return ask(
    unreadQuestion(unread),
    raw,
    fixed && unread.length === 1 ? [{ label: fixed, request: fixed }] : [],
  );
}

function readRequest(raw: string, ctx: ToolContext): TurnDecision {
  const answer = answerQuestion(raw, ctx);
  if (answer) return { calls: [], reply: answer };

  // "Can I put 50 uM staurosporine in A1?": plan and check it, write nothing.
  const can = WRITE_QUESTION.exec(raw);
  if (can) {
    const d = decideRequest(`add ${can[1]}`, ctx);
    if (d.calls.length === 0) return { calls: [], reply: `No: ${d.reply ?? ''}` };
    return { calls: [], reply: 'Yes: that fits the stocks and the solvent limit.' };
  }

  const norm = normalize(raw, ctx.defn);
  if (norm.refusal) return refuse(norm.refusal);
  const candidates = buildCandidates(ctx.bench, ctx.catalog ?? []);
  const amounts = readAmounts(norm.text, candidates, ctx.catalog ?? []);
  if (amounts.kind === 'ask') return ask(amounts.question, raw);
  if (amounts.kind === 'refuse') return refuse(amounts.reason);
  let text = amounts.text;

  const compounds = genericCompound(text, ctx);
  if (compounds) return ask('Which compound do you mean?', raw, compounds);

  const pc = phraseContext(ctx);
  const edit = readEdit(text, ctx, pc);
  if (edit?.kind === 'ask') return ask(edit.question, raw);
  if (edit?.kind === 'refuse') return refuse(edit.reason);
  if (edit?.kind === 'calls') return planAndCheck(edit.calls, ctx, norm.tol, raw);

  // Screening well sets: "all wells except ...", "every other column", quadrants...
  let selection = ctx.selection;
  const except = findExcept(text, pc);
  if (except) {
    if (except.ambiguous) return askReadings(text, except.ambiguous, raw);
    if (except.error) return refuse(except.error);
    text = `${text.slice(0, except.start)}the selection${text.slice(except.end)}`;
    selection = except.indices;
  } else {
    // Every phrase of the request, joined ("even columns and odd rows" is both), with the
    // selection when the request names it too: they all become "the selection".
    const { phrases, rest } = findPhrases(text, pc);
    for (const phrase of phrases) {
      if (phrase.error) return refuse(phrase.error);
      if (phrase.readings.length === 0)
        return refuse(
          `${text.slice(phrase.start, phrase.end)} is not on a ${ctx.defn.format}-well plate`,
        );
      if (phrase.readings.length > 1) return askReadings(text, phrase, raw);
    }
    const [first] = phrases;
    if (first) {
      const union = new Set(phrases.flatMap((p) => p.readings[0].indices));
      if (SELECTION_WORDS.test(rest)) for (const i of ctx.selection ?? []) union.add(i);
      const crossing = crossingReadings(text, rest, first, union, ctx);
      if (crossing?.kind === 'ask') return ask(crossing.question, raw, crossing.choices);
      if (crossing?.kind === 'cross') {
        text = crossing.request;
        selection = crossing.wells;
      } else {
        text = `${rest.slice(0, first.start)}the selection${rest.slice(first.end)}`;
        selection = [...union];
      }
    }
  }
  const ictx = { ...ctx, selection };
  const i = interpret(text, ictx);
  if (i.reply !== undefined) {
    const r = i.reply.trim();
    // The reader's own questions ("How much Staurosporine?") stay open for the answer.
    if (r.endsWith('?') || /^[^.!?"]*\?/.test(r)) return ask(r, raw);
    return { calls: [], reply: r };
  }
  return planAndCheck(i.calls, ictx, norm.tol, raw);
}

// Words that join two well phrases into one set of both: "odd columns and row G".
const JOINS_BOTH = /\b(?:and|plus|as\s+well\s+as|also)\b|[&+]/i;

/**
 * "row G, odd columns", "odd columns of row F, cols 1-10": a phrase of the grammar (odd,
 * even, every other, quadrant, half...) beside plain wells, rows or columns. Joined by "of"
 * or "in" it names the wells where they cross ("the top half of col 2"); by a comma it reads
 * as those or as all of them, and both are offered (the reader joined them, and wrote 204
 * wells for the 12 of "row G, odd columns"); by "and" it is all of them (null, as is a
 * request with no plain wells beside the phrase).
 */
function crossingReadings(
  text: string,
  rest: string,
  phrase: PhraseMatch,
  phraseWells: ReadonlySet<number>,
  ctx: ToolContext,
):
  | { kind: 'ask'; question: string; choices: Choice[] }
  | { kind: 'cross'; request: string; wells: number[] }
  | null {
  const plain = parseWellRanges(rest, { defn: ctx.defn, wells: ctx.wells });
  const refs = plain.matches.filter((m) => !SELECTION_WORDS.test(m.text) && m.indices.length > 0);
  if (refs.length === 0) return null;
  // the words between the phrase and the nearest plain reference
  const nearest = refs.reduce((a, b) =>
    Math.min(Math.abs(a.start - phrase.end), Math.abs(a.end - phrase.start)) <=
    Math.min(Math.abs(b.start - phrase.end), Math.abs(b.end - phrase.start))
      ? a
      : b,
  );
  const between =
    nearest.start >= phrase.end
      ? text.slice(phrase.end, nearest.start)
      : text.slice(nearest.end, phrase.start);
  if (JOINS_BOTH.test(between)) return null;
  const named = new Set(refs.flatMap((m) => m.indices));
  const cross = [...phraseWells].filter((i) => named.has(i)).toSorted((a, b) => a - b);
  const all = [...new Set([...phraseWells, ...named])].toSorted((a, b) => a - b);
  if (cross.length === 0 || cross.length === all.length) return null;
  // the plain references blanked first: the phrase's replacement moves what follows it
  const left = blankSpans(rest, refs);
  const request = `${left.slice(0, phrase.start)}the selection${left.slice(phrase.end)}`;
  if (refs.length === 1 && NARROWED.test(between)) return { kind: 'cross', request, wells: cross };
  const words = (m: { start: number; end: number }) => text.slice(m.start, m.end).trim();
  const names = [words(phrase), ...refs.map(words)].map((w) => `"${w}"`).join(' and ');
  return {
    kind: 'ask',
    question: `${names} read two ways: which do you mean?`,
    choices: [
      { label: `the ${cross.length} wells where they cross`, request, wells: cross },
      { label: `all ${all.length} wells of them`, request, wells: all },
    ],
  };
}

function askReadings(text: string, phrase: PhraseMatch, raw: string): TurnDecision {
  const words = text.slice(phrase.start, phrase.end);
  const choices = phrase.readings.map((r) => ({
    label: r.label,
    request: `${text.slice(0, phrase.start)}the selection${text.slice(phrase.end)}`,
    wells: r.indices,
  }));
  return ask(
    `"${words.trim()}" reads ${numberWord(choices.length)} ways: which do you mean?`,
    raw,
    choices,
  );
}

/** The checks of the offline path for calls decided elsewhere (the language model). */
export function checkCalls(calls: ToolCall[], ctx: ToolContext): TurnDecision {
  return planAndCheck(calls, ctx, undefined, '');
}

const WRITES = new Set(['set_reagent', 'dilution_series', 'set_control']);

/** Adds the tolerance, runs the calls on a copy and checks what they would write. */
function planAndCheck(
  calls: ToolCall[],
  ctx: ToolContext,
  tol: number | undefined,
  request: string,
): TurnDecision {
  const withTol =
    tol === undefined
      ? calls
      : calls.map((c) => (WRITES.has(c.name) ? { ...c, args: { ...c.args, tol_pct: tol } } : c));
  const r = runCalls(ctx, withTol);
  // A refusal that only lacks a fact ("Give a dilution factor...") asks for it.
  const e = r.error?.trim();
  if (
    e &&
    /^(?:Which|What|How|At what|Give)\b/.test(e) &&
    (e.includes('?') || e.startsWith('Give'))
  )
    return ask(e, request);
  if (r.error || !r.wells) return { calls: withTol, result: r };
  const bench = [...ctx.bench];
  for (const a of r.benchAdds)
    if (!bench.some((b) => b.slug === a.slug)) bench.push(catalogToBench(a));
  const problem = checkChange({
    defn: ctx.defn,
    before: ctx.wells,
    after: r.wells,
    changed: r.changed,
    bench,
    dispensing: ctx.dispensing ?? null,
    // the reagents the calls give as a volume (by slug, as the reader names them, or name)
    givenVolumes: new Set(
      withTol
        .filter((c) => c.args.volume_uL != null && c.args.percent == null)
        .map((c) => String(c.args.reagent ?? '').toLowerCase())
        .flatMap((name) =>
          bench.filter((b) => b.slug === name || b.name.toLowerCase() === name).map((b) => b.slug),
        ),
    ),
  });
  if (problem) return refuse(problem);
  return { calls: withTol, result: r };
}
