// Bundle sizes: the console's initial JavaScript (the entry script and its modulepreloads, gzip)
// and the widgets' files (gzip), read from dist/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipKb = (path) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;

/** @returns {{ name: string, value: number, unit: string }[]} */
export function measureSizes(root) {
  const rows = [];
  const consoleDir = join(root, 'dist', 'console');
  const indexPath = join(consoleDir, 'index.html');
  if (existsSync(indexPath)) {
    const html = readFileSync(indexPath, 'utf8');
    const initial = new Set();
    for (const match of html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    )) {
      initial.add(match[1].replace(/^\.?\//, ''));
    }
    let total = 0;
    for (const file of initial) total += gzipKb(join(consoleDir, file));
    rows.push({ name: 'console initial JS (gzip)', value: total, unit: 'KB' });
    const css = readdirSync(join(consoleDir, 'assets')).filter((file) => file.endsWith('.css'));
    let cssTotal = 0;
    for (const file of css) cssTotal += gzipKb(join(consoleDir, 'assets', file));
    rows.push({ name: 'console CSS (gzip)', value: cssTotal, unit: 'KB' });
  }
  const widgetsDir = join(root, 'dist', 'widgets');
  if (existsSync(widgetsDir)) {
    const walk = (dir, prefix = '') =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(join(dir, entry.name), `${prefix}${entry.name}/`)
          : [`${prefix}${entry.name}`],
      );
    for (const file of walk(widgetsDir)
      .filter((name) => name.endsWith('.js'))
      .sort()) {
      rows.push({
        name: `widgets ${file} (gzip)`,
        value: gzipKb(join(widgetsDir, file)),
        unit: 'KB',
      });
    }
  }
  return rows;
}
