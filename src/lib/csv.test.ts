import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('guards formulas but leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-3.5)).toBe('-3.5');
  });

  it('writes empty cells for missing values and JSON for objects', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(true)).toBe('true');
  });

  it('joins a header and rows with CRLF', () => {
    expect(
      toCsv(
        ['Name', 'Count'],
        [
          ['x', 1],
          ['y, z', 2],
        ],
      ),
    ).toBe('Name,Count\r\nx,1\r\n"y, z",2\r\n');
  });

  it('names files safely with the date', () => {
    expect(csvFileName('catalog changes', new Date('2026-11-24T10:00:00Z'))).toBe(
      'catalog-changes-2026-11-24.csv',
    );
    expect(csvFileName('../..', new Date('2026-11-24T10:00:00Z'))).toBe('export-2026-11-24.csv');
  });
});
