import { describe, expect, it } from 'vitest';
import { ALL_SITES_CSV, csvField, csvFileName, optionsCsv, rankingCsv, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('Latte')).toBe('Latte');
    expect(csvField(12)).toBe('12');
    expect(csvField('Tea, iced')).toBe('"Tea, iced"');
    expect(csvField('The "Best" Mocha')).toBe('"The ""Best"" Mocha"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('ชาไทย')).toBe('ชาไทย');
  });

  it('keeps spreadsheet formulas from running', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('writes the ranking with a header, CRLF line ends and ranks', () => {
    const csv = rankingCsv([
      { Menu_name: 'Latte', categoryName: 'Coffee', categoryFor: 'cafe', totalOrder: 5 },
      { Menu_name: 'Tea, "Thai"', categoryName: 'Tea', categoryFor: 'cafe', totalOrder: 3 },
    ]);
    expect(csv).toBe('Rank,Menu,Category,Venue,Orders\r\n1,Latte,Coffee,cafe,5\r\n2,"Tea, ""Thai""",Tea,cafe,3\r\n');
    expect(toCsv([])).toBe('\r\n');
  });

  it('writes the most chosen options with their orders and quantities', () => {
    const rows = [
      { group: 'Milk', choice: 'Oat', totalOrder: 12, totalQuantity: 12 },
      { group: 'Syrups', choice: 'Vanilla, French', totalOrder: 5, totalQuantity: 9 },
    ];
    expect(optionsCsv(rows)).toBe(
      'Rank,Group,Choice,Orders,Quantity\r\n1,Milk,Oat,12,12\r\n2,Syrups,"Vanilla, French",5,9\r\n',
    );
    expect(optionsCsv(rows.slice(0, 1), ALL_SITES_CSV)).toBe(
      'Rank,Group,Choice,Orders,Quantity,Site\r\n1,Milk,Oat,12,12,All sites\r\n',
    );
    expect(csvFileName('cafe-options', '2026-11-21', 'week')).toBe('cafe-options-2026-11-21-week.csv');
  });

  it('names the site in a last column when the company has several', () => {
    const rows = [{ Menu_name: 'Latte', categoryName: 'Coffee', categoryFor: 'cafe' as const, totalOrder: 5 }];
    expect(rankingCsv(rows, 'London, City')).toBe(
      'Rank,Menu,Category,Venue,Orders,Site\r\n1,Latte,Coffee,cafe,5,"London, City"\r\n',
    );
    expect(rankingCsv(rows, ALL_SITES_CSV)).toBe(
      'Rank,Menu,Category,Venue,Orders,Site\r\n1,Latte,Coffee,cafe,5,All sites\r\n',
    );
  });

  it('names the file after the venue, the day and the period', () => {
    expect(csvFileName('cafe-ranking', '2026-11-21', 'week')).toBe('cafe-ranking-2026-11-21-week.csv');
    expect(csvFileName('bar-ranking', '2026-11-21', 'today')).toBe('bar-ranking-2026-11-21-today.csv');
  });
});
