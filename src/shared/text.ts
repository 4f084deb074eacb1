/** Text made safe for one line: a mail header, a log or audit line, a file name. */

/** Control characters (line breaks, NUL, which PostgreSQL's text refuses) become one space; the ends are trimmed. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
