/**
 * The searchable form of a block's title, kept beside its data in
 * `documents.title_search` and compared with the searched text folded the same
 * way. One function for both sides and both databases, so SQLite and
 * PostgreSQL find exactly the same blocks: the databases only compare code
 * points ("contains"), they never fold anything themselves.
 *
 * Folding: Unicode NFC (so a decomposed "e" + U+0301 equals the precomposed
 * "é"), then the locale-independent lower case of the Unicode default case
 * mapping (`toLocaleLowerCase('und')`: "É" → "é", "İ" → "i̇", "ẞ" → "ß"),
 * then NFC again (lower-casing can leave a decomposable sequence). It is not
 * full case folding: "ß" stays "ß", so "strasse" does not find "Straße"
 * (nor "STRASSE", which folds to "strasse"), while "straße", "STRAẞE" and
 * "Straße" do. Accents are not removed: "egalite" does not find "Égalité".
 * Two characters that PostgreSQL's text cannot hold are replaced by U+FFFD
 * on both sides: NUL and a lone surrogate.
 *
 * Changing this function changes what every stored `title_search` must hold:
 * it then needs a migration that recomputes the column for every row.
 */

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The folded form of a title or of a search. */
export function foldTitle(text: string): string {
  return text.replaceAll('\0', '\uFFFD').replace(loneSurrogate, '\uFFFD').normalize('NFC').toLocaleLowerCase('und').normalize('NFC');
}

/** What `documents.title_search` holds for a block: its folded title, or '' when the title field holds no text. */
export function titleSearchOf(data: Record<string, unknown>, titleField: string): string {
  const title = data[titleField];
  return typeof title === 'string' ? foldTitle(title) : '';
}

/**
 * Trigram indexes (PostgreSQL's pg_trgm, SQLite's FTS5 trigram tokenizer)
 * can answer a search of at least this many code points; a shorter one reads
 * the `title_search` column of the collection's rows instead (no JSON).
 */
export const TRIGRAM = 3;

/** Length in code points, as the trigram tokenizers count. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
