import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from '@/lib/export/csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('quotes %j as %j (RFC 4180)', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+33 1 23', "'+33 1 23"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
  ])('neutralises the formula-like text %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('neutralises first, then quotes what needs quoting', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
  });

  it('leaves a formula character that is not at the start alone', () => {
    expect(csvField('a=b')).toBe('a=b');
  });

  it.each([
    [3, '3'],
    [0, '0'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('writes the header and every row, each record ending in CRLF', () => {
    expect(
      toCsv(
        ['name', 'views'],
        [
          ['a', 1],
          ['b, c', 2],
        ],
      ),
    ).toBe('name,views\r\na,1\r\n"b, c",2\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['name'], [])).toBe('name\r\n');
  });
});
