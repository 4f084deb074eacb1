import { describe, expect, it } from 'vitest';
import { answersCsvPath } from './api.js';
import { answeredFormLabel, answerValue, erasedSummary, fieldName, heldSummary, languageName, writtenCount } from './words.js';

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

  it('names a form by every title it was answered under, with its count', () => {
    expect(answeredFormLabel({ titles: ['Youth sign-up', 'Usajili wa vijana'], answers: 12 })).toBe('Youth sign-up / Usajili wa vijana (12 answers)');
    expect(answeredFormLabel({ titles: ['Volunteer days'], answers: 1 })).toBe('Volunteer days (1 answer)');
  });

  it('builds the CSV address with only the days given', () => {
    expect(answersCsvPath('form 1', '', '')).toBe('/api/forms/form%201/answers.csv');
    expect(answersCsvPath('f', '2026-01-01', '')).toBe('/api/forms/f/answers.csv?from=2026-01-01');
    expect(answersCsvPath('f', '2026-01-01', '2026-01-31')).toBe('/api/forms/f/answers.csv?from=2026-01-01&to=2026-01-31');
  });
});
