import { describe, expect, it } from 'vitest';
import { configLinesEvidence } from './config-lines';

describe('configLinesEvidence', () => {
  it('keys the selected lines by their 0-based index, in order, skipping lines past the end', () => {
    const text = 'spec:\r\n  replicas: 1\n  resources:\n    limits:\n      memory: 256Mi\n';
    expect(configLinesEvidence(text, new Set([5, 2, 9, 0]))).toEqual({
      lines: ['spec:', '  replicas: 1', '  resources:', '    limits:', '      memory: 256Mi'],
      selected_lines: { '1': '  replicas: 1', '4': '      memory: 256Mi' },
    });
  });

  it('has no selected lines without a selection', () => {
    expect(configLinesEvidence('a: 1', [])).toEqual({ lines: ['a: 1'], selected_lines: {} });
  });
});
