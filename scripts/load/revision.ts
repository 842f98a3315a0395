// docs/operations.md#bench: another revision of the shop, built beside this checkout so that the bench and
// Lighthouse measure both on the same machine at the same time. Its own git worktree under
// node_modules/.cache/against/ (detached at the revision), this checkout's node_modules linked in when the
// two package-lock.json files are the same (else `npm ci` there), then `npm run build` there; kept for the
// next run. Erasable TypeScript importing only node: modules, which `node scripts/lighthouse.mjs` loads.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Against } from './compare.ts';

export interface Revision {
  sha: string;
  /** How the figures name it: the short sha and where it came from. */
  label: string;
}

/** This checkout as it is: HEAD's short sha, and whether files differ from it (they are measured too). */
export function thisCheckout(cwd: string): Revision {
  const sha = git(cwd, ['rev-parse', 'HEAD']);
  const changed = git(cwd, ['status', '--porcelain', '--untracked-files=no']) !== '';
  return { sha, label: `${sha.slice(0, 7)}${changed ? '+changes' : ''}` };
}

/** The commit to measure against, or undefined for this checkout alone. */
export function resolveAgainst(against: Against, cwd: string): Revision | undefined {
  if (against.kind === 'none') return undefined;
  if (against.kind === 'merge-base') {
    let sha: string;
    try {
      sha = git(cwd, ['merge-base', 'HEAD', against.branch]);
    } catch {
      throw new Error(
        `no merge base of HEAD and ${against.branch}: pass --against <revision>, or --against none`,
      );
    }
    return { sha, label: `${sha.slice(0, 7)} (merge base with ${against.branch})` };
  }
  let sha: string;
  try {
    sha = git(cwd, ['rev-parse', '--verify', '--end-of-options', `${against.revision}^{commit}`]);
  } catch {
    throw new Error(`--against ${against.revision}: no such commit`);
  }
  const named = sha.startsWith(against.revision) ? '' : ` (${against.revision})`;
  return { sha, label: `${sha.slice(0, 7)}${named}` };
}

const BUILT_MARK = '.against-built';

/**
 * A checkout of `sha` with its build, made once and kept under node_modules/.cache/against/<sha>: its
 * directory. `log` hears what is being done (a build takes minutes).
 */
export function prepareRevision(sha: string, cwd: string, log: (line: string) => void): string {
  const dir = join(cwd, 'node_modules', '.cache', 'against', sha.slice(0, 12));
  const mark = join(dir, BUILT_MARK);
  if (existsSync(mark) && readFileSync(mark, 'utf8').trim() === sha && headOf(dir) === sha) {
    log(`against ${sha.slice(0, 7)}: the build in ${dir} (kept from an earlier run)`);
    return dir;
  }
  if (existsSync(dir)) {
    // A half-made or stale one: start again.
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd, stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  }
  // Worktrees whose folders went (npm ci empties node_modules) would refuse the path.
  git(cwd, ['worktree', 'prune']);
  log(`against ${sha.slice(0, 7)}: checking it out in ${dir}`);
  git(cwd, ['worktree', 'add', '--detach', dir, sha]);

  const lock = git(cwd, ['show', `${sha}:package-lock.json`]);
  if (lock === readFileSync(join(cwd, 'package-lock.json'), 'utf8').trimEnd()) {
    log(`against ${sha.slice(0, 7)}: same package-lock.json, this checkout's node_modules linked in`);
    symlinkSync(realpathSync(join(cwd, 'node_modules')), join(dir, 'node_modules'), 'dir');
  } else {
    log(`against ${sha.slice(0, 7)}: package-lock.json differs, npm ci there`);
    run(dir, ['ci', '--no-audit', '--no-fund']);
  }
  log(`against ${sha.slice(0, 7)}: npm run build there`);
  const started = performance.now();
  run(dir, ['run', 'build']);
  writeFileSync(mark, `${sha}\n`);
  log(`against ${sha.slice(0, 7)}: built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

function headOf(dir: string): string | undefined {
  try {
    return git(dir, ['rev-parse', 'HEAD']);
  } catch {
    return undefined;
  }
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trimEnd();
}

/** npm in `dir`, its output kept back unless it fails. */
function run(dir: string, args: string[]) {
  const result = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trimEnd().split('\n').slice(-40).join('\n');
    throw new Error(`npm ${args.join(' ')} in ${dir} failed (exit ${result.status}):\n${output}`);
  }
}
