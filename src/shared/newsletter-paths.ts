/**
 * The newsletter's public addresses and the names of its form's inputs: what
 * the public pages need, without the staff contracts (shared/newsletter.ts
 * re-exports them).
 */

/** The id the newsletter's consent texts are kept under (supporters' consent versions) and its form start is signed for. */
export const newsletterFormId = 'newsletter';

/** Public pages (not the API): the footer's form posts here; its thanks page is the GET. */
export const newsletterSubscribePath = '/newsletter/subscribe';
export const newsletterConfirmPattern = '/newsletter/confirm/:token' as const;
export const newsletterUnsubscribePattern = '/newsletter/unsubscribe/:token' as const;
/** The beginnings of the two paths that carry a token (the request log writes them without it). */
export const newsletterTokenPrefixes = ['/newsletter/confirm/', '/newsletter/unsubscribe/', '/newsletter/preview/'] as const;
/** An issue as its mail, for staff's preview frame (a signed link that lasts an hour). */
export const newsletterPreviewPattern = '/newsletter/preview/:token' as const;

export function newsletterConfirmPath(token: string): string {
  return newsletterConfirmPattern.replace(':token', encodeURIComponent(token));
}
export function newsletterUnsubscribePath(token: string): string {
  return newsletterUnsubscribePattern.replace(':token', encodeURIComponent(token));
}

/** A form's "keep me informed" box: its input and the value a ticked box sends. */
export const newsletterChoiceInput = 'newsletter';
export const newsletterChoiceValue = 'yes';

/** The footer form's e-mail input. */
export const newsletterEmailInput = 'email';
/** The unsubscribe page's button says which: leave, or undo leaving. */
export const newsletterUnsubscribeActionInput = 'action';


/** Sent issues the editor chose to show: the list (`?lang=`) and one issue, pages of the site. */
export const newsletterArchivePath = '/newsletter/issues';
export const newsletterIssuePattern = '/newsletter/issues/:id' as const;
export function newsletterIssuePath(id: string): string {
  return newsletterIssuePattern.replace(':id', encodeURIComponent(id));
}
