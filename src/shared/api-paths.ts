/**
 * The API's paths: the one place for them, for the server and the browser
 * alike, each written once and in one style: a route pattern below (`:name`
 * for a parameter, as Fastify writes them). The server registers its routes
 * with these patterns; the browser fills them in with `pathTo(pattern,
 * params)`, URL-encoded, directly or through its domain's helpers (for
 * instance `editorialApi`, `siteApi`, `mediaApi`, `accountLinkApi`), which
 * only name these patterns. A new API path is declared here, never as a
 * string literal beside a route or a fetch, in the server or in the browser:
 * `src/shared/api-paths.test.ts` fails on an `/api/` literal anywhere else.
 */

/** Everything the API serves is under this prefix, and nothing but the API is. */
export const apiPrefix = '/api';

/** Whether a path is the API's (the prefix itself or anything under it). */
export function isApiPath(path: string): boolean {
  return path === apiPrefix || path.startsWith(`${apiPrefix}/`);
}

/**
 * Sign-in, refresh, sign-out, the password policy, password reset,
 * invitations and two-factor set-up: these routes resolve no caller from the
 * Bearer token, write no "after a write" work, and the refresh and device
 * cookies are sent to them only.
 */
export const authApiPrefix = `${apiPrefix}/auth` as const;

const account = `${apiPrefix}/account` as const;
const users = `${apiPrefix}/users` as const;
const collections = `${apiPrefix}/collections` as const;
const documents = `${collections}/:name/documents` as const;
const document = `${documents}/:id` as const;
const trash = `${apiPrefix}/trash` as const;
const media = `${apiPrefix}/media` as const;
const site = `${apiPrefix}/site` as const;
const preview = `${apiPrefix}/preview` as const;
const backups = `${apiPrefix}/backups` as const;
const invitations = `${users}/invitations` as const;

/** `POST`: a callable function by name (the contact form's `submitContact`). Its own export: the public contact island reads it without the rest. */
export const functionPath = `${apiPrefix}/functions/:name` as const;

export const apiPaths = {
  auth: {
    signIn: `${authApiPrefix}/sign-in`,
    /** The second step of a sign-in with two-factor sign-in on: the challenge and a code. */
    signInSecondFactor: `${authApiPrefix}/sign-in/second-factor`,
    refresh: `${authApiPrefix}/refresh`,
    signOut: `${authApiPrefix}/sign-out`,
    passwordPolicy: `${authApiPrefix}/password-policy`,
    /** `DELETE`: the caller turns their own second factor off, confirmed with a code or the password. */
    secondFactor: `${authApiPrefix}/second-factor`,
    secondFactorSetup: `${authApiPrefix}/second-factor/setup`,
    secondFactorEnable: `${authApiPrefix}/second-factor/enable`,
    /** `POST { email }`: asks for a password reset mail (202 whatever the address). */
    passwordReset: `${authApiPrefix}/password-reset`,
    /** `POST { token }`: whether a reset link still works, before the screen asks for a password. */
    passwordResetCheck: `${authApiPrefix}/password-reset/check`,
    passwordResetConfirm: `${authApiPrefix}/password-reset/confirm`,
    /** `POST { token }`: whether an invitation still works, and for whom. */
    invitationCheck: `${authApiPrefix}/invitations/check`,
    invitationAccept: `${authApiPrefix}/invitations/accept`,
  },
  /** The signed-in user's own account: reachable before a required second factor is set up. */
  account: {
    /** `GET` reads, `PATCH` renames. */
    account,
    password: `${account}/password`,
    sessions: `${account}/sessions`,
    /** `DELETE` ends one session. */
    session: `${account}/sessions/:id`,
    signOutOthers: `${account}/sessions/sign-out-others`,
  },
  users: {
    /** `GET` lists, `POST` creates. */
    list: users,
    /** `GET`, `PATCH`, `DELETE`. */
    one: `${users}/:uid`,
    /** `DELETE`: a super-admin resets a colleague's second factor. */
    secondFactor: `${users}/:uid/second-factor`,
    /** `GET` lists the pending invitations, `POST` invites (super-admins). */
    invitations,
    /** `DELETE` withdraws one. */
    invitation: `${invitations}/:id`,
    /** `POST`: a new link, mailed again. */
    invitationResend: `${invitations}/:id/resend`,
  },
  collections: {
    /** `GET`: the collections' registry. */
    registry: collections,
    /** `GET` lists, `POST` creates. */
    documents,
    /** `GET`, `PATCH`, `DELETE`. */
    document,
    publish: `${document}/publish`,
    unpublish: `${document}/unpublish`,
    discard: `${document}/discard`,
    /** `DELETE`: cancels a scheduled publish and unpublish. */
    schedule: `${document}/schedule`,
    revisions: `${document}/revisions`,
    revision: `${document}/revisions/:rev`,
    restoreRevision: `${document}/revisions/:rev/restore`,
    reorder: `${collections}/:name/reorder`,
  },
  /** `GET`: the bundle of a published page, by the page's name. */
  pageBundle: `${apiPrefix}/pages/:page`,
  /** `GET` (`?lang=`): a story's or event's own page, by its collection and id (shared/page-bundle.ts `DetailBundle`). */
  detailBundle: `${apiPrefix}/detail/:name/:id`,
  /** `GET ?path=/about`: the bundle of the published page at an address (404 when none). */
  pageByPath: `${apiPrefix}/pages`,
  /** The site's structure: pages, the navigation, redirects and missing addresses. */
  site: {
    /** `GET` lists the pages (drafts too), `POST` makes one. */
    pages: `${site}/pages`,
    /** `GET`, `PATCH` (If-Match), `DELETE`. */
    page: `${site}/pages/:id`,
    /** `POST`: `publish`, `unpublish` or `discard` (pageSteps of site-structure.ts). */
    pageStep: `${site}/pages/:id/:step`,
    pageChanges: `${site}/pages/:id/changes`,
    pageLinks: `${site}/pages/:id/links`,
    /** `GET` reads, `PUT` (If-Match) saves the working copy. */
    navigation: `${site}/navigation`,
    navigationPublish: `${site}/navigation/publish`,
    /** `GET` lists, `POST` adds (super-admins). */
    redirects: `${site}/redirects`,
    redirect: `${site}/redirects/:id`,
    notFound: `${site}/not-found`,
    /** `GET`: every published page's weight (staff who see drafts). */
    pageWeights: `${site}/page-weights`,
  },
  /** Preview links (staff). */
  preview: {
    /** `POST` makes a link, `GET ?page=` lists a page's live ones. */
    list: preview,
    /** `DELETE` revokes one. */
    one: `${preview}/:id`,
  },
  /** `GET` (super-admins): a page of the audit log, or its CSV file. */
  audit: `${apiPrefix}/audit`,
  backups: {
    /** `GET` lists, `POST` starts "Back up now" (super-admins). */
    list: backups,
    /** `GET` downloads one. */
    one: `${backups}/:name`,
  },
  /** `GET` (staff): the site check's findings on the published site. */
  siteCheck: `${apiPrefix}/site-check`,
  /** `GET` (staff): what waits on the dashboard. */
  dashboard: `${apiPrefix}/dashboard`,
  trash: {
    /** `GET` lists the trash; `DELETE` empties it (super-admins only). */
    list: trash,
    restore: `${trash}/:id/restore`,
  },
  media: {
    /** `GET` lists; `POST` uploads one file. */
    list: media,
    /** `GET`, `PATCH`, `DELETE`. */
    one: `${media}/:id`,
    replace: `${media}/:id/replace`,
  },
  /** `GET` reads, `PUT` replaces the site settings. */
  settings: `${apiPrefix}/settings`,
  translations: {
    /** `GET ?lang=sw`: what is missing or outdated in a language (staff). */
    report: `${apiPrefix}/translations`,
    /** `GET ?lang=sw`: a page's translatable parts (its words, its sections' blocks, its menu labels) and their states (staff). */
    page: `${apiPrefix}/translations/pages/:id`,
    /** `POST ?lang=sw` (If-Match): marks a block's translation still correct after its original changed. */
    confirm: `${document}/translation-current`,
    /** `GET`, `PUT` (If-Match) `?lang=sw`: the site settings' words in a language. */
    settings: `${apiPrefix}/settings/translation`,
  },
  /** The people who wrote to the organisation (src/shared/supporters.ts): staff only, by id (never an address in a path). */
  supporters: {
    /** `GET ?q=TEXT` (staff): the people whose e-mail or name contains TEXT, with their answers and contact messages. */
    list: `${apiPrefix}/supporters`,
    /** `DELETE` (super-admin): erases the person everywhere. */
    one: `${apiPrefix}/supporters/:id`,
    /** `GET` (staff): one person's data as one JSON file (a subject access request). */
    export: `${apiPrefix}/supporters/:id/export`,
  },
  /** Registration for events (src/shared/events.ts): staff only. */
  events: {
    /** `GET` (staff): the registrations of an event with their state and counts. */
    registrations: `${apiPrefix}/events/:id/registrations`,
    /** `GET` (staff): the same as CSV, safe to open in a spreadsheet. */
    registrationsCsv: `${apiPrefix}/events/:id/registrations.csv`,
    /** `PATCH` (staff): mark attendance, move someone from the waitlist, cancel. */
    registration: `${apiPrefix}/events/:id/registrations/:registrationId`,
    /** `POST` (staff): one mail to everyone registered. */
    mail: `${apiPrefix}/events/:id/mail`,
    /** `GET` (staff): per event, the counts the events list shows. */
    counts: `${apiPrefix}/events/registration-counts`,
  },
  /** The newsletter (src/shared/newsletter.ts): staff only; readers subscribe and leave through pages, not the API. */
  newsletters: {
    /** `GET` (staff): every issue, newest first; `POST { lang, subject, intro, items }` (staff): a new one (201, its id). */
    list: `${apiPrefix}/newsletters`,
    /** `GET` (staff): one issue with its progress (sent, failed, left). */
    one: `${apiPrefix}/newsletters/:id`,
    /** `POST { at? }` (staff): sends to the confirmed subscribers of its language, now or at a set time (202). */
    send: `${apiPrefix}/newsletters/:id/send`,
    /** `POST` (staff): stops sending until it is sent again. */
    pause: `${apiPrefix}/newsletters/:id/pause`,
    /** `POST` (staff): one mail of the issue to the caller's own address. */
    test: `${apiPrefix}/newsletters/:id/test`,
    /** `GET` (staff): `{ html, url }`, the issue as its mail's HTML and a signed link to it for a frame (an hour). */
    preview: `${apiPrefix}/newsletters/:id/preview`,
  },
  /** The newsletter's readers (src/shared/newsletter.ts): staff only. */
  subscribers: {
    /** `GET ?state=&lang=` (staff): the subscribers. */
    list: `${apiPrefix}/subscribers`,
    /** `POST { csv, source, lang }` (staff): subscribers from a CSV file, confirmed with the consent's source. */
    import: `${apiPrefix}/subscribers/import`,
    /** `GET` (staff): every subscriber as CSV. */
    export: `${apiPrefix}/subscribers.csv`,
  },
  /** Which public pages people read (src/shared/visits.ts): staff only. */
  visits: {
    /** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): the period's views and visitors per page, language, referrer and campaign. */
    report: `${apiPrefix}/visits`,
    /** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): the same per page and day as CSV, safe to open in a spreadsheet. */
    csv: `${apiPrefix}/visits.csv`,
    /** `GET` (staff): per address, the views of the last 7 and 30 days (the Pages screen). */
    recent: `${apiPrefix}/visits/recent`,
  },
  forms: {
    /** `GET` (staff): every form with answers kept, with their count and the last one's time. */
    answered: `${apiPrefix}/forms/answered`,
    /** `GET ?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): a form's answers as CSV, safe to open in a spreadsheet. */
    answersCsv: `${apiPrefix}/forms/:id/answers.csv`,
    /** `GET` (anyone): a proof-of-work challenge for a public form (ALTCHA's protocol). */
    challenge: `${apiPrefix}/forms/challenge`,
  },
  function: functionPath,
  health: `${apiPrefix}/health`,
  /** The client address the server sees (the deployment doctor checks the proxy with it). */
  clientAddress: `${apiPrefix}/deploy/client-address`,
} as const;

/** The names of a route pattern's `:parameters`. */
export type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path of the API from its route pattern: each `:parameter` filled in, URL-encoded. */
export function pathTo<Pattern extends string>(pattern: Pattern, params: Record<PathParams<Pattern>, string>): string {
  const values: Record<string, string> = params;
  return pattern.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${pattern} needs :${name}`);
    return encodeURIComponent(value);
  });
}
