/**
 * One CSV record (RFC 4180: CRLF, fields quoted when they hold the delimiter, a quote or a line
 * break). A field a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV
 * injection).
 */
export function csvLine(fields: string[], delimiter = ','): string {
  const needsQuotes = new RegExp(`["\\r\\n${delimiter}]`);
  return (
    fields
      .map((field) => {
        const safe = /^[=+\-@\t\r]/.test(field) ? `'${field}` : field;
        return needsQuotes.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      })
      .join(delimiter) + '\r\n'
  );
}

/** Byte order mark: spreadsheet programs (Excel) then read the file as UTF-8, accents intact. */
export const UTF8_BOM = '\uFEFF';
