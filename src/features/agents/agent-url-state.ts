/**
 * The agents page's URL parameters (spec doc 1 §2): `pageIndex`, `pageSize` (50, 100 or 200),
 * `sortBy`, `sortOrder`, `id` (opens that agent's edit dialog) and `addAgent=true` (opens the
 * create dialog). Bad values read as the defaults.
 */
import {
  AGENT_PAGE_SIZES,
  AGENT_SORT_COLUMNS,
  DEFAULT_AGENT_PAGE_SIZE,
  DEFAULT_AGENT_SORT,
  type SortOrder,
} from '../../api/agents';
import {
  booleanCodec,
  enumCodec,
  numberCodec,
  param,
  stringCodec,
  type Codec,
} from '../../lib/url-state';

const pageSizeCodec: Codec<number> = {
  parse: (raw) => {
    const value = Number(raw);
    return (AGENT_PAGE_SIZES as readonly number[]).includes(value) ? value : undefined;
  },
  serialize: (value) => String(value),
};

export const agentsUrlSchema = {
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(pageSizeCodec, DEFAULT_AGENT_PAGE_SIZE),
  sortBy: param(enumCodec(AGENT_SORT_COLUMNS), DEFAULT_AGENT_SORT.sortBy),
  sortOrder: param(enumCodec<SortOrder>(['asc', 'desc']), DEFAULT_AGENT_SORT.sortOrder),
  id: param(stringCodec, ''),
  addAgent: param(booleanCodec, false),
};
