/**
 * The published descriptions of the widgets — widgets/custom-elements.json, the TypeScript
 * declarations in widgets/vigil-elements.d.ts and widgets/README.md — against the code: tags,
 * build entries, attribute tables, events and parts. The type assertions at the bottom are
 * checked by `npm run typecheck`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkDetailAttributes } from './check-detail/check-detail-attributes';
import { healthSummaryAttributes } from './health-summary/health-summary-attributes';
import { incidentSummaryAttributes } from './incident-summary/incident-summary-attributes';
import { commonAttributes, toAttributeName, type AttributeSpecs } from './runtime/attributes';
import type * as Runtime from './runtime/events';
import type { TokenProvider } from './runtime/api-registry';
import { timeRangePickerAttributes } from './time-range-picker/time-range-picker-attributes';
import { topologyCardAttributes } from './topology-card/topology-card-attributes';
import type * as Published from './vigil-elements';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface ManifestDeclaration {
  name: string;
  tagName: string;
  customElement: boolean;
  attributes: { name: string; type: { text: string } }[];
  events: { name: string }[];
  cssParts: { name: string }[];
  cssProperties: { name: string }[];
  members: { name: string }[];
}

interface Manifest {
  schemaVersion: string;
  modules: {
    path: string;
    declarations: ManifestDeclaration[];
    exports: { kind: string; name: string; declaration: { name: string; module: string } }[];
  }[];
}

const manifest = JSON.parse(read('widgets/custom-elements.json')) as Manifest;

/** Each element: its folder, entry, attribute table, the attributes it ignores, its sources. */
const elements = [
  {
    tag: 'vigil-health-summary',
    entry: 'widgets/health-summary/vigil-health-summary.ts',
    attributes: healthSummaryAttributes as AttributeSpecs,
    ignored: [] as string[],
    events: ['vigil-error', 'vigil-status-change'],
    sources: ['widgets/health-summary', 'src/entities/health-summary'],
    /** Built as `count count-${kind}` at runtime. */
    dynamicParts: ['count', 'count-failing', 'count-passing', 'count-total'],
  },
  {
    tag: 'vigil-time-range-picker',
    entry: 'widgets/time-range-picker/vigil-time-range-picker.ts',
    attributes: timeRangePickerAttributes as AttributeSpecs,
    ignored: ['api-base', 'refresh', 'embed-token'],
    events: ['vigil-error', 'vigil-time-range-change'],
    sources: ['widgets/time-range-picker'],
  },
  {
    tag: 'vigil-check-detail',
    entry: 'widgets/check-detail/vigil-check-detail.ts',
    attributes: checkDetailAttributes as AttributeSpecs,
    ignored: [] as string[],
    events: ['vigil-error', 'vigil-status-change', 'vigil-navigate'],
    sources: ['widgets/check-detail', 'src/entities/check'],
  },
  {
    tag: 'vigil-incident-summary',
    entry: 'widgets/incident-summary/vigil-incident-summary.ts',
    attributes: incidentSummaryAttributes as AttributeSpecs,
    ignored: [] as string[],
    events: ['vigil-error', 'vigil-status-change', 'vigil-navigate'],
    sources: ['widgets/incident-summary', 'src/entities/incident-summary'],
    /** Built as `count count-${bucket}` at runtime. */
    dynamicParts: [
      'count',
      'count-critical',
      'count-high',
      'count-medium',
      'count-info',
      'count-other',
    ],
  },
  {
    tag: 'vigil-topology-card',
    entry: 'widgets/topology-card/vigil-topology-card.ts',
    attributes: topologyCardAttributes as AttributeSpecs,
    ignored: [] as string[],
    events: ['vigil-error', 'vigil-status-change', 'vigil-navigate'],
    sources: ['widgets/topology-card', 'src/entities/topology-card'],
    /** The summary groups' parts are passed as a prop. */
    dynamicParts: ['summary-checks', 'summary-health', 'summary-incidents', 'summary-insights'],
  },
];

/** Every `part="…"` name written in a folder's components (and the runtime's message). */
function partsIn(folders: string[], dynamicParts: readonly string[] = []): string[] {
  const names = new Set<string>(dynamicParts);
  const files = [
    'widgets/runtime/widget-message.tsx',
    ...folders.flatMap((folder) =>
      readdirSync(join(root, folder))
        .filter((file) => file.endsWith('.tsx'))
        .map((file) => `${folder}/${file}`),
    ),
  ];
  for (const file of files) {
    for (const match of read(file).matchAll(/\bpart="([^"]+)"/g)) {
      for (const name of match[1]?.split(/\s+/) ?? []) names.add(name);
    }
  }
  return [...names].sort();
}

function declaration(tag: string): ManifestDeclaration {
  const found = manifest.modules
    .flatMap((module) => module.declarations)
    .find((candidate) => candidate.tagName === tag);
  if (!found) throw new Error(`${tag} is not in custom-elements.json`);
  return found;
}

describe('custom-elements.json', () => {
  it('is a schema 2.1.0 manifest of every registered element and its build entry', () => {
    expect(manifest.schemaVersion).toBe('2.1.0');
    const dropIn = read('widgets/vigil-widgets.ts');
    const buildConfig = read('vite.widgets.config.ts');
    const dropInModule = manifest.modules.find((module) => module.path === 'vigil-widgets.js');
    for (const element of elements) {
      expect(read(element.entry)).toContain(`tag: '${element.tag}'`);
      const file = element.entry.split('/').at(-1)?.replace(/\.ts$/, '') ?? '';
      expect(buildConfig).toContain(`'${file}': fromRoot(`);
      expect(dropIn).toContain(`/${file}'`);
      const module = manifest.modules.find((candidate) => candidate.path === `${file}.js`);
      expect(module?.declarations.map((item) => item.tagName)).toEqual([element.tag]);
      expect(dropInModule?.exports).toContainEqual(
        expect.objectContaining({ kind: 'custom-element-definition', name: element.tag }),
      );
    }
    const tags = manifest.modules.flatMap((module) => module.declarations.map((d) => d.tagName));
    expect(tags.sort()).toEqual(elements.map((element) => element.tag).sort());
  });

  it.each(elements)('lists the attributes of <$tag>', (element) => {
    const table = { ...commonAttributes, ...element.attributes };
    const expected = Object.keys(table)
      .map(toAttributeName)
      .filter((name) => !element.ignored.includes(name))
      .sort();
    const listed = declaration(element.tag).attributes.map((attribute) => attribute.name);
    expect(listed.sort()).toEqual(expected);
  });

  it.each(elements)('lists the events, parts and token provider of <$tag>', (element) => {
    const declared = declaration(element.tag);
    expect(declared.customElement).toBe(true);
    expect(declared.events.map((event) => event.name).sort()).toEqual([...element.events].sort());
    expect(declared.cssParts.map((part) => part.name).sort()).toEqual(
      partsIn(element.sources, element.dynamicParts),
    );
    expect(declared.members.map((member) => member.name)).toEqual(['tokenProvider']);
    for (const property of declared.cssProperties) {
      expect(property.name).toMatch(/^--vigil-[a-z0-9-]+$/);
      expect(read('src/styles/tokens.css')).toContain(`${property.name}:`);
    }
  });
});

describe('widgets/README.md', () => {
  const readme = read('widgets/README.md');
  it.each(elements)('documents <$tag>: attributes, events and parts', (element) => {
    expect(readme).toContain(`## \`<${element.tag}>\``);
    const section = readme.split(`## \`<${element.tag}>\``)[1]?.split('\n## ')[0] ?? '';
    const names = Object.keys(element.attributes).map(toAttributeName);
    for (const name of names.filter((attribute) => !element.ignored.includes(attribute))) {
      expect(section, `attribute ${name}`).toContain(`\`${name}\``);
    }
    for (const part of partsIn(element.sources, element.dynamicParts)) {
      expect(section, `part ${part}`).toContain(`\`${part}\``);
    }
    for (const event of element.events) expect(readme).toContain(`\`${event}\``);
  });
});

// ---- the published declarations equal the runtime's types (checked by tsc) ----

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type PublishedEvents = {
  [K in keyof Published.VigilWidgetEventMap]: Published.VigilWidgetEventMap[K] extends CustomEvent<
    infer D
  >
    ? D
    : never;
};

export const publishedTypesMatch: [
  Equal<PublishedEvents, Runtime.VigilEventMap>,
  Equal<Published.VigilErrorDetail, Runtime.VigilErrorDetail>,
  Equal<Published.VigilErrorCode, Runtime.VigilErrorCode>,
  Equal<Published.VigilTokenProvider, TokenProvider>,
  Equal<HTMLElementTagNameMap['vigil-check-detail'], Published.VigilCheckDetailElement>,
  Equal<HTMLElementTagNameMap['vigil-incident-summary'], Published.VigilIncidentSummaryElement>,
  Equal<HTMLElementTagNameMap['vigil-topology-card'], Published.VigilTopologyCardElement>,
] = [true, true, true, true, true, true, true];
