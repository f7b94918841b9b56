/**
 * The content of the health page's View panel (sort, pivot): loaded once the first rows are on
 * screen, not with the page (health-page.tsx), as the panel is closed until asked for.
 */
import { useId } from 'react';
import { SORT_BY } from './health-pipeline';
import { PIVOT_CELL_LABELS, PIVOT_CELL_TYPES, pivotKeys } from './health-pivot';
import { healthSelectClass } from './health-select-class';

const SORT_LABELS: Record<(typeof SORT_BY)[number], string> = {
  name: 'Name',
  uptime: 'Uptime',
  latency: 'Latency',
};

export interface ViewOptionsProps {
  layout: 'table' | 'card';
  sortBy: string;
  sortDesc: boolean;
  pivotBy: string;
  pivotLabel: string;
  pivotCellType: string;
  labelKeys: readonly string[];
  onChange: (
    patch: Partial<{
      sortBy: (typeof SORT_BY)[number] | '';
      sortDesc: boolean;
      pivotBy: string;
      pivotLabel: string;
      pivotCellType: (typeof PIVOT_CELL_TYPES)[number] | '';
    }>,
  ) => void;
}

/** One labelled select of the panel: its choices as [value, text] pairs. */
function ChoiceField({
  label,
  value,
  choices,
  disabled = false,
  onChange,
}: {
  label: string;
  value: string;
  choices: readonly (readonly [string, string])[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-xs text-fg-muted">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={healthSelectClass}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The same text for a choice's value and its label (label keys). */
const asChoices = (values: readonly string[]) => values.map((value) => [value, value] as const);

/** The View panel's content: sort and pivot choices (the pivot applies to the table layout). */
export function ViewOptionsPanel({
  layout,
  sortBy,
  sortDesc,
  pivotBy,
  pivotLabel,
  pivotCellType,
  labelKeys,
  onChange,
}: ViewOptionsProps) {
  const keys = pivotKeys(labelKeys);
  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <ChoiceField
          label="Sort by"
          value={sortBy}
          choices={[
            ['', 'Default'],
            ...SORT_BY.map((option) => [option, SORT_LABELS[option]] as const),
          ]}
          onChange={(value) => onChange({ sortBy: value as (typeof SORT_BY)[number] | '' })}
        />
        <ChoiceField
          label="Order"
          value={sortDesc ? 'desc' : 'asc'}
          choices={[
            ['asc', 'Ascending'],
            ['desc', 'Descending'],
          ]}
          disabled={sortBy === ''}
          onChange={(value) => onChange({ sortDesc: value === 'desc' })}
        />
      </div>
      <fieldset className="grid gap-2" disabled={layout !== 'table'}>
        <legend className="mb-1 text-xs font-semibold text-fg">
          Pivot {layout !== 'table' ? '(table layout only)' : ''}
        </legend>
        <ChoiceField
          label="Pivot by label"
          value={keys.includes(pivotBy) ? pivotBy : 'none'}
          choices={[['none', 'None'], ...asChoices(keys)]}
          onChange={(value) =>
            onChange({
              pivotBy: value,
              ...(value !== 'none' && pivotCellType === ''
                ? { pivotCellType: 'uptime' as const }
                : {}),
            })
          }
        />
        <ChoiceField
          label="Rows"
          value={keys.includes(pivotLabel) ? pivotLabel : ''}
          choices={[['', 'Check name'], ...asChoices(keys.filter((key) => key !== pivotBy))]}
          disabled={pivotBy === 'none'}
          onChange={(value) => onChange({ pivotLabel: value })}
        />
        <ChoiceField
          label="Cells show"
          value={pivotCellType}
          choices={[
            ['', 'Nothing (no pivot)'],
            ...PIVOT_CELL_TYPES.map((type) => [type, PIVOT_CELL_LABELS[type]] as const),
          ]}
          disabled={pivotBy === 'none'}
          onChange={(value) =>
            onChange({ pivotCellType: value as (typeof PIVOT_CELL_TYPES)[number] | '' })
          }
        />
      </fieldset>
    </>
  );
}
