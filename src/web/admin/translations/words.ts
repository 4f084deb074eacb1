/** The translation screens' words, in one place (the staff app speaks English; a later translation of it starts here). */
import type { TranslationState } from '../../../shared/languages.js';

export const stateLabels: Record<TranslationState, string> = {
  missing: 'Not translated',
  current: 'Up to date',
  outdated: 'Outdated',
};

export const stateColors: Record<TranslationState, string> = {
  missing: 'gray',
  current: 'green',
  outdated: 'orange',
};

export const translationWords = {
  screenTitle: 'Translations',
  screenIntro: 'What is not translated yet, and translations whose original changed since they were made. Each language is published on its own.',
  oneLanguage: 'The site speaks one language. Add languages in the site settings to translate its pages.',
  allDone: (language: string) => `Everything on the site is translated into ${language} and up to date.`,
  outdatedHeading: (n: number) => `Outdated (${n})`,
  missingHeading: (n: number) => `Not translated (${n})`,
  outdatedNone: 'No translation is outdated.',
  missingNone: 'Nothing is waiting for a first translation.',
  translate: 'Translate',
  original: (language: string) => `Original (${language})`,
  changedSince: (language: string) => `The ${language} original changed since the translation was made:`,
  diffLegend: 'Struck-through words were removed; underlined, boxed words were added.',
  removed: 'removed',
  added: 'added',
  newText: 'New text',
  save: 'Save draft',
  publish: (language: string) => `Publish in ${language}`,
  stillCorrect: 'Still correct',
  discard: 'Discard unpublished changes',
  saved: (language: string) => `Saved. Visitors still see the published ${language} text until you publish.`,
  published: (language: string) => `Published in ${language}. Visitors see it now.`,
  confirmed: 'Marked as still correct: the translation is up to date.',
  discarded: 'Unpublished changes discarded.',
  empty: 'Leave a field empty to show the original text there.',
  history: 'History',
  historyEmpty: 'No step yet: the translation has not been saved.',
  useWords: 'Use these words',
  usedWords: (n: number) => `The words of version ${n} are in the form. Save or publish to keep them.`,
  translatePage: 'Translate this page',
  pageTitle: (title: string, language: string) => `Translate the page “${title}” into ${language}`,
  progress: (done: number, total: number) => `${done} of ${total} translated`,
  parts: 'Parts of the page',
  next: 'Next',
  previous: 'Previous',
  partOf: (n: number, total: number) => `Part ${n} of ${total}`,
  nothingToTranslate: 'This page has no text to translate.',
  translateWholePage: 'Translate the whole page',
  leaveUnsaved: 'This part has words that are not saved. Leave it without saving them?',
  actions: { save: 'Saved', publish: 'Published', confirm: 'Marked still correct', unpublish: 'Taken off the site', discard: 'Discarded unpublished changes' },
} as const;
