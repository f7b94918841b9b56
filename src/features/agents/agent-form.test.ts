import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRAPE_INTERVAL,
  DUPLICATE_KEY_MESSAGE,
  emptyCreateAgentValues,
  newPropertyRow,
  propertiesFromRows,
  REQUIRED_MESSAGE,
  rowsFromProperties,
  SCRAPE_INTERVALS,
  validateCreateAgent,
} from './agent-form';

describe('scrape intervals', () => {
  it('offers the spec options with 30m as the default', () => {
    expect(SCRAPE_INTERVALS).toEqual(['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h']);
    expect(DEFAULT_SCRAPE_INTERVAL).toBe('30m');
    expect(emptyCreateAgentValues().kubernetes).toEqual({ enabled: true, interval: '30m' });
  });
});

describe('properties', () => {
  it('round-trips a label map through rows, skipping blank rows and trimming keys', () => {
    const rows = rowsFromProperties({ env: 'prod', type: 'agent' });
    expect(rows.map(({ key, value }) => [key, value])).toEqual([
      ['env', 'prod'],
      ['type', 'agent'],
    ]);
    const result = propertiesFromRows([...rows, newPropertyRow(), newPropertyRow(' team ', 'sre')]);
    expect(result).toEqual({ ok: true, properties: { env: 'prod', type: 'agent', team: 'sre' } });
  });

  it('requires a key for a value and unique keys regardless of case', () => {
    const missing = newPropertyRow('', 'x');
    const first = newPropertyRow('Env', 'a');
    const duplicate = newPropertyRow('env', 'b');
    const result = propertiesFromRows([missing, first, duplicate]);
    expect(result).toEqual({
      ok: false,
      errors: { keys: { [missing.id]: REQUIRED_MESSAGE, [duplicate.id]: DUPLICATE_KEY_MESSAGE } },
    });
  });

  it('shows non-string values of an existing map as JSON', () => {
    expect(rowsFromProperties({ n: 3 } as Record<string, unknown>)[0]?.value).toBe('3');
    expect(rowsFromProperties(null)).toEqual([]);
  });
});

describe('validateCreateAgent', () => {
  it('requires the name, and the topology name when telemetry is on', () => {
    const values = emptyCreateAgentValues();
    values.pushTelemetry.enabled = true;
    expect(validateCreateAgent(values)).toEqual({
      ok: false,
      errors: { name: REQUIRED_MESSAGE, topologyName: REQUIRED_MESSAGE },
    });
  });

  it('builds the generate request', () => {
    const values = emptyCreateAgentValues();
    values.name = '  edge-1 ';
    values.properties = [newPropertyRow('region', 'eu')];
    values.kubernetes.interval = '1h';
    expect(validateCreateAgent(values)).toEqual({
      ok: true,
      request: {
        name: 'edge-1',
        properties: { region: 'eu' },
        kubernetes: { enabled: true, interval: '1h' },
        pushTelemetry: { enabled: false },
      },
    });
    values.pushTelemetry = { enabled: true, topologyName: 'edge' };
    const result = validateCreateAgent(values);
    expect(result.ok && result.request.pushTelemetry).toEqual({
      enabled: true,
      topologyName: 'edge',
    });
  });
});
