#!/usr/bin/env node
// The npm registry reachable here serves only some platforms' builds of packages with native
// binaries (esbuild, rollup, tailwind's oxide…), so `npm install` leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` then refuses the lock as out of sync.
// This adds those optional packages back as entries that npm skips on a platform mismatch (their
// os/cpu come from the package name), so `npm ci` accepts the lock on every machine.
// Run after `npm install` changes dependencies: node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'netbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
];
const CPU = [
  'arm64',
  'arm',
  'x64',
  'ia32',
  'loong64',
  'mips64el',
  'ppc64',
  'riscv64',
  's390x',
  'wasm32',
  'mips',
  'ppc',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os =
    parts.find((part) => OS.includes(part)) ?? (parts.includes('win32') ? 'win32' : undefined);
  const cpu =
    parts.find((part) => CPU.includes(part)) ??
    (parts.includes('armv7') || parts.includes('gnueabihf') ? 'arm' : undefined);
  return { os, cpu };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const { os, cpu } = platformOf(name);
    const record = { version, dev: entry.dev, optional: true };
    if (!entry.dev) delete record.dev;
    if (os) record.os = [os];
    if (cpu) record.cpu = [cpu];
    if (!os && !cpu) record.cpu = ['wasm32'];
    packages[`node_modules/${name}`] = record;
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform packages recorded`);
