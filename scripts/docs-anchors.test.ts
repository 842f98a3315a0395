import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

// Code comments and the docs point at sections as `docs/<file>.md#<anchor>`; each anchor is an explicit
// `<a id>` (docs/README.md). A renamed or stolen anchor leaves a pointer to nowhere: this finds them.

const docs = ['docs/README.md', 'docs/architecture.md', 'docs/operations.md', 'docs/product.md'];
const anchorsOf = new Map(
  docs.map((file) => [
    basename(file),
    new Set([...readFileSync(file, 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((match) => match[1])),
  ]),
);

function missing(target: string, anchor: string): boolean {
  return !anchorsOf.get(target)?.has(anchor);
}

describe('pointers into docs/', () => {
  it('from the code all name an anchor that exists', () => {
    const tracked = execFileSync('git', ['ls-files', 'server', 'web', 'contracts', 'scripts', 'e2e', '.ci'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mjs|cjs|css|html)$|^\.ci\//.test(file));
    const broken: string[] = [];
    for (const file of tracked) {
      for (const [, target = '', anchor = ''] of readFileSync(file, 'utf8').matchAll(
        /docs\/([a-z-]+\.md)#([a-z0-9-]+)/g,
      )) {
        if (missing(target, anchor)) broken.push(`${file}: docs/${target}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('from the docs and the README all name an anchor that exists', () => {
    const broken: string[] = [];
    for (const file of [...docs, 'README.md']) {
      for (const [, target, anchor = ''] of readFileSync(file, 'utf8').matchAll(
        /\]\((?:docs\/)?([a-z-]+\.md)?#([a-z0-9-]+)\)/g,
      )) {
        const inFile = target ?? basename(file);
        if (missing(inFile, anchor)) broken.push(`${file}: ${inFile}#${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
