/**
 * The add flow (spec doc 3 §2.1): a modal titled 'Add {resource name}' that starts with the type
 * picker grid when the table has types (health checks, scrapers, topologies, log backends), then
 * the editor with Form and Code tabs. Health checks link to the health-check documentation.
 */
import { useState, type ReactNode } from 'react';
import type { SettingsResourceRow } from '../../../api/settings-resources';
import { ScraperKindIcon, scraperKind } from '../../../entities/scraper-kind/scraper-kind';
import { Dialog } from '../../../ui/dialog';
import { ChevronRightIcon } from '../../../ui/icons';
import type { ResourceDescription, TypeChoice } from './resource-descriptions';
import { ResourceEditor } from './resource-editor';

export function TypePicker({
  types,
  onPick,
  icon,
}: {
  types: readonly TypeChoice[];
  onPick: (type: TypeChoice) => void;
  /** An icon per type (the scraper kind's), left of its label. */
  icon?: (type: TypeChoice) => ReactNode;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Types">
      {types.map((type) => (
        <li key={type.id}>
          <button
            type="button"
            onClick={() => onPick(type)}
            className="group flex h-full w-full flex-col items-start gap-1 rounded-lg border border-border bg-surface p-3 text-left shadow-sm hover:border-primary hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
          >
            <span className="flex w-full items-center justify-between gap-2 text-sm font-semibold text-fg">
              <span className="inline-flex min-w-0 items-center gap-2">
                {icon?.(type)}
                {type.label}
              </span>
              <ChevronRightIcon size={14} className="text-fg-subtle group-hover:text-primary" />
            </span>
            <span className="text-xs text-fg-muted">{type.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ResourceAddDialog({
  description,
  onClose,
  onCreated,
}: {
  description: ResourceDescription;
  onClose: () => void;
  onCreated: (row: SettingsResourceRow | null) => void;
}) {
  const [type, setType] = useState<TypeChoice | undefined>();
  const picking = Boolean(description.types?.length) && !type;
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title={`Add ${description.name}`}
      description={
        <>
          {picking
            ? 'Choose a type to start from.'
            : type
              ? `${type.label}: fill in the form, or edit the spec as YAML in Code.`
              : null}
          {description.helpLink ? (
            <>
              {' '}
              <a
                href={description.helpLink.href}
                target="_blank"
                rel="noreferrer"
                className="text-link underline"
              >
                {description.helpLink.label}
              </a>
            </>
          ) : null}
        </>
      }
    >
      {picking && description.types ? (
        <TypePicker
          types={description.types}
          onPick={setType}
          icon={
            description.kindIcon === 'scraper'
              ? (choice) => (
                  <ScraperKindIcon
                    kind={scraperKind(choice.spec)}
                    size={18}
                    className="shrink-0 text-fg-muted group-hover:text-primary"
                  />
                )
              : undefined
          }
        />
      ) : (
        <ResourceEditor
          key={type?.id ?? 'none'}
          description={description}
          initialSpec={type?.spec}
          onSaved={onCreated}
          onCancel={description.types?.length ? () => setType(undefined) : onClose}
        />
      )}
    </Dialog>
  );
}
