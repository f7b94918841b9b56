import { describe, expect, it } from 'vitest';
import { incidentListQuery } from '../../../api/incident-list';
import {
  CLEARED_INCIDENT_FILTERS,
  INCIDENT_SEARCH_DEBOUNCE_MS,
  hasIncidentFilters,
  incidentListParams,
  parseIncidentListParams,
  writeIncidentListParams,
} from './incident-list-params';

const OWNER = '9f1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const COMPONENT = '0c9a55da-ed3a-45dd-9413-633861c17855';

describe('incident list URL state', () => {
  it('defaults: status open, newest first, first page of 50; search debounce 400 ms', () => {
    expect(parseIncidentListParams('')).toEqual({
      type: '',
      severity: '',
      status: 'open',
      owner: '',
      component: '',
      search: '',
      sortBy: 'created_at',
      sortOrder: 'desc',
      pageIndex: 0,
      pageSize: 50,
    });
    expect(INCIDENT_SEARCH_DEBOUNCE_MS).toBe(400);
  });

  it('reads every filter, case-insensitively where the topology links may differ', () => {
    const values = parseIncidentListParams(
      `type=technical_debt&severity=Critical&status=all&owner=${OWNER.toUpperCase()}&component=${COMPONENT}&search=%20disk%20`,
    );
    expect(values).toMatchObject({
      type: 'technicalDebt',
      severity: 'critical',
      status: 'all',
      owner: OWNER,
      component: COMPONENT,
      search: 'disk',
    });
    expect(hasIncidentFilters(values)).toBe(true);
  });

  it('a bad value falls back to its default', () => {
    const values = parseIncidentListParams(
      'type=weird&severity=info&status=nope&owner=x&component=1%3B%20drop&pageIndex=-2&pageSize=7&sortBy=owner&sortOrder=up',
    );
    expect(values).toEqual(parseIncidentListParams(''));
    expect(hasIncidentFilters(values)).toBe(false);
  });

  it('writes only what differs from the defaults; clearing restores the default URL', () => {
    const written = writeIncidentListParams('', { status: 'all', severity: 'high' });
    expect(written).toBe('status=all&severity=high');
    expect(writeIncidentListParams(written, CLEARED_INCIDENT_FILTERS)).toBe('');
  });

  it('the default view asks for open incidents only; `all` asks for every status', () => {
    const open = incidentListQuery(incidentListParams(parseIncidentListParams('')));
    expect(new URLSearchParams(open.toString()).get('status')).toBe('eq.open');
    const all = incidentListQuery(incidentListParams(parseIncidentListParams('status=all')));
    expect(new URLSearchParams(all.toString()).has('status')).toBe(false);
  });
});
