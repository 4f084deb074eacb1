/**
 * The public site's own words for the components rendered on the server (the
 * shell, the header and footer, the blocks, the not-found page): the public
 * shell provides them for the page's language, and a section left in the
 * default language provides that language's words inside it. Islands never
 * read this: they hydrate on their own and get their words in their props.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { publicWordsFor, type PageWords } from '../../shared/public-words.js';

export type { PageWords, PublicWords } from '../../shared/public-words.js';

const Words = createContext<PageWords>(publicWordsFor('en'));

/** The words of a language for everything inside. */
export function PublicWordsProvider({ code, children }: { code: string; children: ReactNode }) {
  return <Words.Provider value={publicWordsFor(code)}>{children}</Words.Provider>;
}

/** The words here, their `lang` mark (undefined when they are in the page's language) and the language of dates. */
export function usePublicWords(): PageWords {
  return useContext(Words);
}
