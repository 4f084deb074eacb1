import { describe, expect, it } from 'vitest';
import type { Supporter, SupporterAnswer } from '../../../shared/supporters.js';
import { answersCsvPath, formsAnswered } from './api.js';
import { answerValue, erasedSummary, fieldName, heldSummary, languageName, writtenCount } from './words.js';

function answer(formId: string, formTitle: string, createdAt: string): SupporterAnswer {
  return { id: `${formId}-${createdAt}`, formId, formTitle, lang: 'en', values: {}, consent: null, createdAt, expiresAt: '2030-01-01T00:00:00.000Z' };
}

function person(answers: SupporterAnswer[]): Supporter {
  return { id: 'p', email: 'p@example.org', name: null, createdAt: '2026-01-01T00:00:00.000Z', answers, messages: [] };
}

describe('the Supporters screen in words', () => {
  it('counts what a person sent', () => {
    expect(writtenCount(2, 1)).toBe('2 answers · 1 message');
    expect(writtenCount(1, 0)).toBe('1 answer · 0 messages');
    expect(writtenCount(0, 0)).toBe('No answer or message');
    expect(heldSummary(1, 0)).toBe('their record, 1 answer to a form');
    expect(heldSummary(3, 2)).toBe('their record, 3 answers to forms and 2 contact messages');
    expect(heldSummary(0, 0)).toBe('their record');
    expect(erasedSummary({ answers: 1, messages: 0, mails: 2 })).toBe('1 answer, 0 contact messages and 2 kept mails were removed for good.');
  });

  it('shows fields and values as staff read them', () => {
    expect(fieldName('first-name')).toBe('First name');
    expect(answerValue(['Budget', 'Water'])).toBe('Budget, Water');
    expect(answerValue([])).toBe('(none chosen)');
    expect(answerValue(true)).toBe('Yes');
    expect(answerValue(false)).toBe('No');
    expect(answerValue(19)).toBe('19');
    expect(answerValue('  ')).toBe('(left empty)');
    expect(languageName('en')).toBe('English (en)');
    expect(languageName('zz-unknown-tag!')).toBe('zz-unknown-tag!');
  });

  it('lists each form answered once, under every title it was answered under, oldest first', () => {
    const forms = formsAnswered([
      person([answer('youth', 'Usajili wa vijana', '2026-03-02T00:00:00.000Z'), answer('youth', 'Youth sign-up', '2026-03-01T00:00:00.000Z')]),
      person([answer('days', 'Volunteer days', '2026-02-01T00:00:00.000Z'), answer('youth', 'Youth sign-up', '2026-03-05T00:00:00.000Z')]),
    ]);
    expect(forms).toEqual([
      { id: 'days', title: 'Volunteer days' },
      { id: 'youth', title: 'Youth sign-up / Usajili wa vijana' },
    ]);
  });

  it('builds the CSV address with only the days given', () => {
    expect(answersCsvPath('form 1', '', '')).toBe('/api/forms/form%201/answers.csv');
    expect(answersCsvPath('f', '2026-01-01', '')).toBe('/api/forms/f/answers.csv?from=2026-01-01');
    expect(answersCsvPath('f', '2026-01-01', '2026-01-31')).toBe('/api/forms/f/answers.csv?from=2026-01-01&to=2026-01-31');
  });
});
