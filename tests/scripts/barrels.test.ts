/**
 * vite.config.ts marks every `src/**\/index.ts` free of side effects, so that an import through
 * one reaches only the modules it names: such a file must hold re-exports only, or its other
 * statements could be dropped from the build. This keeps them so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function indexFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return indexFiles(path);
    return entry.name === 'index.ts' ? [path] : [];
  });
}

/** The file without comments, as statements: each must be an `export … from '…'`. */
function statements(source: string): string[] {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((statement) => statement.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

const REEXPORT = /^export (type )?(\* |\{[^}]*\} )from '[^']+'$/;

describe('index.ts files', () => {
  const files = indexFiles('src');

  it('exist (the rule has something to keep)', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s only re-exports', (file) => {
    const others = statements(readFileSync(file, 'utf8')).filter((s) => !REEXPORT.test(s));
    expect(others).toEqual([]);
  });

  it('a statement other than a re-export is found', () => {
    expect(
      statements("export { a } from './a';\nconsole.log('x');").filter((s) => !REEXPORT.test(s)),
    ).toEqual(["console.log('x')"]);
  });
});
