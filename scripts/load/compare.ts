// docs/operations.md#bench and #lighthouse: the pure parts of measuring this checkout side by side with
// another revision on the same machine: the arguments, the order of the runs and the table of figures with
// their ratios. Erasable TypeScript importing only node: modules, which `node scripts/lighthouse.mjs` loads.
import { parseArgs } from 'node:util';

/** What to measure this checkout against: nothing, the merge base with main (the default) or a revision. */
export type Against =
  | { kind: 'none' }
  | { kind: 'merge-base'; branch: string }
  | { kind: 'revision'; revision: string };

/** The branch whose merge base with HEAD is measured against by default. */
export const DEFAULT_BASE_BRANCH = 'main';

/**
 * `--against <rev>` (`none` for this checkout alone, as does `--alone`); by default the merge base with main.
 */
export function parseAgainst(value: string | undefined, alone = false): Against {
  if (alone || value === 'none') return { kind: 'none' };
  if (value === undefined || value === 'merge-base')
    return { kind: 'merge-base', branch: DEFAULT_BASE_BRANCH };
  if (value.trim() === '' || value.startsWith('-'))
    throw new Error(`--against needs a revision, not "${value}"`);
  return { kind: 'revision', revision: value };
}

function positiveNumber(name: string, text: string, { whole = false, zero = false } = {}): number {
  const value = Number(text);
  const fits =
    Number.isFinite(value) && (zero ? value >= 0 : value > 0) && (!whole || Number.isInteger(value));
  if (!fits)
    throw new Error(
      `--${name} takes a ${whole ? 'whole ' : ''}number${zero ? '' : ' above 0'}, not "${text}"`,
    );
  return value;
}

/**
 * `--only <figure>`: the one figure run alone: the return-photo upload figure (docs/operations.md#bench-uploads),
 * or create-order at 200/s with its set-up (docs/operations.md#bench-money-record).
 */
export type BenchOnly = 'uploads' | 'create-order';
const benchOnly: readonly string[] = ['uploads', 'create-order'] satisfies BenchOnly[];

export interface BenchArgs {
  runs: number;
  seconds: number;
  abandoned: number;
  /** COD orders placed and never confirmed, beside the abandoned checkouts. */
  codUnconfirmed: number;
  soak: number;
  connections: number;
  against: Against;
  /** Every figure when undefined. */
  only: BenchOnly | undefined;
}

/**
 * `npm run bench -- …`: options first, then BENCH_RUNS, BENCH_SECONDS, BENCH_ABANDONED, then the defaults.
 */
export function parseBenchArgs(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): BenchArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      runs: { type: 'string', default: env.BENCH_RUNS ?? '3' },
      seconds: { type: 'string', default: env.BENCH_SECONDS ?? '10' },
      abandoned: { type: 'string', default: env.BENCH_ABANDONED ?? '100000' },
      'cod-unconfirmed': { type: 'string', default: env.BENCH_COD_UNCONFIRMED ?? '10000' },
      soak: { type: 'string', default: '0' },
      connections: { type: 'string', default: '10' },
      against: { type: 'string' },
      alone: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const only = values.only;
  if (only !== undefined && !isBenchOnly(only))
    throw new Error(`--only takes ${benchOnly.join(' or ')}, not "${only}"`);
  return {
    runs: positiveNumber('runs', values.runs, { whole: true }),
    seconds: positiveNumber('seconds', values.seconds),
    abandoned: positiveNumber('abandoned', values.abandoned, { whole: true, zero: true }),
    codUnconfirmed: positiveNumber('cod-unconfirmed', values['cod-unconfirmed'], { whole: true, zero: true }),
    soak: positiveNumber('soak', values.soak, { zero: true }),
    connections: positiveNumber('connections', values.connections, { whole: true }),
    against: parseAgainst(values.against, values.alone),
    only,
  };
}

function isBenchOnly(text: string): text is BenchOnly {
  return benchOnly.includes(text);
}

export interface LighthouseArgs {
  runs: number;
  against: Against;
}

/** `npm run lighthouse -- [--against <rev>|none] [--runs 1]`. */
export function parseLighthouseArgs(args: readonly string[]): LighthouseArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      runs: { type: 'string', default: '1' },
      against: { type: 'string' },
      alone: { type: 'boolean', default: false },
    },
  });
  return {
    runs: positiveNumber('runs', values.runs, { whole: true }),
    against: parseAgainst(values.against, values.alone),
  };
}

/**
 * The order of the runs: run 1 of every side, then run 2 of every side, and so on (A, B, A, B…), so that both
 * see the same moments of a machine whose load drifts; never all of one side, then all of the other.
 */
export function interleave<Side>(runs: number, sides: readonly Side[]): { run: number; side: Side }[] {
  return Array.from({ length: runs }, (_, index) => sides.map((side) => ({ run: index + 1, side }))).flat();
}

export function median(values: readonly number[]): number {
  const sorted = [...values].filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The 1-minute load average (os.loadavg()[0]) when a run started and when it ended. */
export interface RunLoad {
  start: number;
  end: number;
}

export function formatLoad(load: RunLoad): string {
  return `load ${load.start.toFixed(2)}→${load.end.toFixed(2)}`;
}

export type Unit = 'req/s' | 'µs' | 'ms' | 'ratio' | 'kB' | 'MB' | '%' | 'score' | 'count' | 's' | 'shift';

const DECIMALS: Record<Unit, number> = {
  'req/s': 0,
  µs: 0,
  ms: 1,
  ratio: 2,
  kB: 1,
  MB: 0,
  '%': 1,
  score: 0,
  count: 0,
  s: 2,
  shift: 3,
};

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '–';
  const digits = DECIMALS[unit];
  const number = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return unit === 'ratio' || unit === 'score' || unit === 'count' || unit === 'shift'
    ? number
    : `${number} ${unit}`;
}

/** this / against, to two places; a dash when either is missing or the baseline is 0. */
export function formatRatio(value: number, baseline: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return '–';
  return (value / baseline).toFixed(2);
}

/** One figure: its value for each side (this checkout first), and the goal it is held to, if any. */
export interface Figure {
  name: string;
  unit: Unit;
  values: readonly number[];
  /** Read on this checkout's value; printed as met or NOT met. */
  goal?: { text: string; met: (value: number) => boolean } | undefined;
}

/**
 * The figures as a table: one column per side, then (with two sides) this / against, then the goal. Absolute
 * figures only ever appear beside their baseline's: the ratio is what carries from one machine to another.
 */
export function formatFigures(figures: readonly Figure[], sides: readonly string[]): string[] {
  const compared = sides.length > 1;
  const goals = figures.some((figure) => figure.goal);
  const header = [
    'figure',
    ...sides,
    ...(compared ? [`${sides[0]} / ${sides[1]}`] : []),
    ...(goals ? ['goal'] : []),
  ];
  const rows = figures.map((figure) => [
    figure.name,
    ...sides.map((_, index) => formatValue(figure.values[index] ?? Number.NaN, figure.unit)),
    ...(compared ? [formatRatio(figure.values[0] ?? Number.NaN, figure.values[1] ?? Number.NaN)] : []),
    ...(goals
      ? [
          figure.goal
            ? `${figure.goal.text}: ${figure.goal.met(figure.values[0] ?? Number.NaN) ? 'met' : 'NOT met'}`
            : '',
        ]
      : []),
  ]);
  return formatTable(header, rows, goals ? [0, header.length - 1] : [0]);
}

/**
 * Rows under a header, each column as wide as its widest cell, a rule under the header; the columns named in
 * `leftAligned` (names, words) read left to right, the others (numbers) line up on the right.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  leftAligned: readonly number[] = [0],
): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        leftAligned.includes(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}
