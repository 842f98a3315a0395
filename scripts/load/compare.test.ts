import { describe, expect, it } from 'vitest';
import {
  type Figure,
  formatFigures,
  formatLoad,
  formatRatio,
  formatValue,
  interleave,
  median,
  parseAgainst,
  parseBenchArgs,
  parseLighthouseArgs,
} from './compare';

describe('the revision to compare with', () => {
  it('is the merge base with main unless told otherwise', () => {
    expect(parseAgainst(undefined)).toEqual({ kind: 'merge-base', branch: 'main' });
    expect(parseAgainst('merge-base')).toEqual({ kind: 'merge-base', branch: 'main' });
  });

  it('is none with --against none or --alone', () => {
    expect(parseAgainst('none')).toEqual({ kind: 'none' });
    expect(parseAgainst(undefined, true)).toEqual({ kind: 'none' });
    expect(parseAgainst('HEAD~3', true)).toEqual({ kind: 'none' });
  });

  it('is any revision git names', () => {
    expect(parseAgainst('ae11e65')).toEqual({ kind: 'revision', revision: 'ae11e65' });
    expect(parseAgainst('HEAD~1')).toEqual({ kind: 'revision', revision: 'HEAD~1' });
  });

  it('refuses what cannot be a revision', () => {
    expect(() => parseAgainst('')).toThrow(/needs a revision/);
    expect(() => parseAgainst('--runs')).toThrow(/needs a revision/);
  });
});

describe('npm run bench -- …', () => {
  it('defaults to 3 runs of 10 s, 100,000 abandoned checkouts and 10,000 unconfirmed COD orders, no soak, 10 connections, the merge base', () => {
    expect(parseBenchArgs([])).toEqual({
      runs: 3,
      seconds: 10,
      abandoned: 100_000,
      codUnconfirmed: 10_000,
      soak: 0,
      connections: 10,
      against: { kind: 'merge-base', branch: 'main' },
      only: undefined,
    });
  });

  it('takes its options, then the environment', () => {
    const env = { BENCH_RUNS: '5', BENCH_SECONDS: '4', BENCH_ABANDONED: '20000' };
    expect(parseBenchArgs([], env)).toMatchObject({ runs: 5, seconds: 4, abandoned: 20_000 });
    expect(
      parseBenchArgs(
        ['--runs', '1', '--seconds', '2.5', '--soak', '15', '--against', 'ae11e65', '--connections', '20'],
        env,
      ),
    ).toEqual({
      runs: 1,
      seconds: 2.5,
      abandoned: 20_000,
      codUnconfirmed: 10_000,
      soak: 15,
      connections: 20,
      against: { kind: 'revision', revision: 'ae11e65' },
      only: undefined,
    });
    expect(parseBenchArgs(['--alone']).against).toEqual({ kind: 'none' });
    expect(parseBenchArgs(['--against=none']).against).toEqual({ kind: 'none' });
  });

  it('refuses numbers that make no run, and options it does not know', () => {
    expect(() => parseBenchArgs(['--runs', '0'])).toThrow(/--runs/);
    expect(() => parseBenchArgs(['--runs', '1.5'])).toThrow(/whole number/);
    expect(() => parseBenchArgs(['--seconds', 'ten'])).toThrow(/--seconds/);
    expect(() => parseBenchArgs(['--abandoned', '-1'])).toThrow(/--abandoned/);
    expect(parseBenchArgs(['--abandoned', '0']).abandoned).toBe(0);
    expect(parseBenchArgs(['--cod-unconfirmed', '0']).codUnconfirmed).toBe(0);
    expect(() => parseBenchArgs(['--cod-unconfirmed', '-5'])).toThrow(/--cod-unconfirmed/);
    expect(() => parseBenchArgs(['--runz', '3'])).toThrow();
  });

  it('runs the return-photo figure or create-order alone with --only, and no other figure alone', () => {
    expect(parseBenchArgs(['--only', 'uploads', '--against', 'none'])).toMatchObject({
      only: 'uploads',
      against: { kind: 'none' },
    });
    expect(parseBenchArgs(['--only', 'create-order']).only).toBe('create-order');
    expect(() => parseBenchArgs(['--only', 'catalogue'])).toThrow(
      /--only takes uploads or create-order, not "catalogue"/,
    );
  });
});

describe('npm run lighthouse -- …', () => {
  it('runs each page once against the merge base by default', () => {
    expect(parseLighthouseArgs([])).toEqual({ runs: 1, against: { kind: 'merge-base', branch: 'main' } });
    expect(parseLighthouseArgs(['--runs', '3', '--against', 'none'])).toEqual({
      runs: 3,
      against: { kind: 'none' },
    });
  });
});

describe('interleave', () => {
  it('runs every side once per run, in turn: A, B, A, B…', () => {
    expect(interleave(3, ['this', 'against'])).toEqual([
      { run: 1, side: 'this' },
      { run: 1, side: 'against' },
      { run: 2, side: 'this' },
      { run: 2, side: 'against' },
      { run: 3, side: 'this' },
      { run: 3, side: 'against' },
    ]);
  });

  it('is the runs in order for one side alone', () => {
    expect(interleave(2, ['this'])).toEqual([
      { run: 1, side: 'this' },
      { run: 2, side: 'this' },
    ]);
  });
});

describe('the figures', () => {
  it('takes the median, and the mean of the middle two for an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('prints values with their unit, ratios to two places and a dash when there is nothing to divide', () => {
    expect(formatValue(12345.6, 'req/s')).toBe('12,346 req/s');
    expect(formatValue(31.25, 'ms')).toBe('31.3 ms');
    expect(formatValue(0.8, 'ratio')).toBe('0.80');
    expect(formatValue(Number.NaN, 'ms')).toBe('–');
    expect(formatRatio(9000, 12000)).toBe('0.75');
    expect(formatRatio(5, 0)).toBe('–');
    expect(formatRatio(Number.NaN, 3)).toBe('–');
    expect(formatLoad({ start: 5.1, end: 6.25 })).toBe('load 5.10→6.25');
  });

  const figures: Figure[] = [
    { name: 'catalogue: shop', unit: 'req/s', values: [9812.4, 7900] },
    {
      name: 'catalogue: shop / bare',
      unit: 'ratio',
      values: [0.82, 0.66],
      goal: { text: '0.80 or more', met: (ratio) => ratio >= 0.8 },
    },
    {
      name: 'create-order: p99',
      unit: 'ms',
      values: [160, 31.2],
      goal: { text: '150 ms or less', met: (ms) => ms <= 150 },
    },
  ];

  it('lines this and the other up side by side with this / against, the goal read on this', () => {
    expect(formatFigures(figures, ['this', 'against'])).toEqual([
      'figure                         this      against  this / against  goal',
      '----------------------  -----------  -----------  --------------  -----------------------',
      'catalogue: shop         9,812 req/s  7,900 req/s            1.24',
      'catalogue: shop / bare         0.82         0.66            1.24  0.80 or more: met',
      'create-order: p99          160.0 ms      31.2 ms            5.13  150 ms or less: NOT met',
    ]);
  });

  it('leaves the goal column out when no figure has a goal', () => {
    expect(formatFigures([figures[0] as Figure], ['this', 'against'])).toEqual([
      'figure                  this      against  this / against',
      '---------------  -----------  -----------  --------------',
      'catalogue: shop  9,812 req/s  7,900 req/s            1.24',
    ]);
  });

  it('prints one column and no ratio for this checkout alone', () => {
    expect(formatFigures([figures[1] as Figure], ['this'])).toEqual([
      'figure                  this  goal',
      '----------------------  ----  -----------------',
      'catalogue: shop / bare  0.82  0.80 or more: met',
    ]);
  });
});
