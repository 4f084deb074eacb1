/**
 * The role matrix: every role against every endpoint and every collection of
 * the registry. Allowed calls succeed (2xx); the others answer 401
 * `unauthenticated` (signed out) or 403 `permission-denied` (signed in), and a
 * disabled account's token is refused everywhere with 403 `auth/user-disabled`.
 * The expectations are a table written by hand from the roles' rights
 * (docs/security.md, "V8 Authorization"), not read from the policy under test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, getCollection, type CollectionDef, type ContentDocument } from '../src/shared/collections.js';
import { seedPages as pages } from '../src/server/structure/default-pages.js';
import { backupDownloadPath, backupFileName, backupsApiPath } from '../src/shared/backups.js';
import { insertDocument } from '../src/server/content/repository.js';
import { issueActionCode } from '../src/server/auth/invitations/repository.js';
import { editorialApi } from '../src/shared/editorial.js';
import { siteCheckApi } from '../src/shared/site-check.js';
import { dashboardApi } from '../src/shared/dashboard.js';
import { siteApi, sitePageCollection } from '../src/shared/site-structure.js';
import { pageWeightsApi } from '../src/shared/page-weight.js';
import { putRedirect } from '../src/server/structure/repository.js';
import { hashPreviewToken, insertPreviewLink, newPreviewToken } from '../src/server/preview/repository.js';
import { accountLinkApi, invitationPath, invitationResendPath } from '../src/shared/account-links.js';
import { build, testAuthSecret, type TestApp } from './helpers/app.js';
import { formPostPath } from '../src/shared/forms.js';
import { eventRegisterPath } from '../src/shared/events.js';
import { signFormStart } from '../src/server/forms/started.js';
import { dialects } from './helpers/databases.js';
import { createUser, type TestUser } from './helpers/users.js';
import { insertMedia, validData, type FixtureRefs } from './content-fixtures.js';
import { Secret, TOTP } from 'otpauth';
import { apiPaths, pathTo } from '../src/shared/api-paths.js';
import { multipartFile as multipart } from './helpers/upload.js';

/** A new published block of the home page's sections, for a translation of its own. */
async function freshBlock(env: { t: TestApp; users: Record<'super', TestUser>; refs: FixtureRefs }): Promise<string> {
  const c = getCollection('descriptionhome')!;
  const res = await env.t.app.inject({ method: 'POST', url: pathTo(apiPaths.collections.documents, { name: c.name }), headers: env.users.super.headers, payload: { data: validData(c, env.refs, 'Published'), status: 'published' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ContentDocument>().id;
}

type MatrixRole = 'anonymous' | 'none' | 'admin' | 'super' | 'disabled';
const matrixRoles = ['anonymous', 'none', 'admin', 'super', 'disabled'] as const satisfies readonly MatrixRole[];

/**
 * The collections of the registry by access class, written out by hand (a new
 * collection fails the coverage test until it is placed in one of them).
 */
const collectionGroups = {
  /** Blocks of the public pages, and the categories: anyone reads the published ones, staff write. */
  'public blocks': [
    'home', 'descriptionhome', 'newstory',
    'aboutslide', 'aboutvision', 'aboutdiscover', 'abouthistory', 'aboutleader', 'aboutpartner',
    'visionslide', 'visiondescription', 'visionvalue',
    'historyslide', 'historydescription', 'historypicture',
    'leaderslide', 'leaderdescription', 'leaderpicture',
    'firstpartner', 'secondpartner', 'thirdpartner',
    'firstgender', 'secondgender', 'thirdgender',
    'fistsocio', 'secondsocio', 'thirdsocio',
    'firstdemocratic', 'seconddemocratic', 'thirddemocratic',
    'firstaccountability', 'secondaccountability', 'thirdaccountability',
    'firststrategy', 'secondstrategy', 'thirdstrategy',
    'firstevents', 'secondevents', 'thirdevents',
    'youthfirstpage', 'secondyouth', 'thirdyouth', 'fourthyouth', 'fifthyouth', 'sixthyouth', 'seventhyouth', 'eighthyouth', 'youthvolunteer',
    'category',
  ],
  /** Publications: anyone reads, only the super-admin writes. */
  item: ['item'],
  /** Supporters and contacts: never public, staff read and write. */
  customer: ['customer'],
} as const;
type CollectionGroup = keyof typeof collectionGroups;
type Group = CollectionGroup | 'trash' | 'pages' | 'preview links' | 'settings' | 'users' | 'invitations' | 'account links' | 'media' | 'functions' | 'backups' | 'audit' | 'site check' | 'dashboard' | 'site structure' | 'translations' | 'account' | 'two-factor' | 'deploy' | 'supporters' | 'forms' | 'events' | 'visits' | 'newsletter';

/** What a call answers: `ok` 2xx, `401` unauthenticated, `403` permission-denied, `off` 403 auth/user-disabled. */
type Outcome = 'ok' | '401' | '403' | 'off';
const outcomeText: Record<Outcome, string> = { ok: '2xx', '401': '401 unauthenticated', '403': '403 permission-denied', off: '403 auth/user-disabled' };

/**
 * The expected answers, from the roles' rights, one column per role
 * in the order of `matrixRoles`. Written by hand: nothing here is read from
 * the policy (src/shared/access.ts) or from the registry's access fields.
 */
const expectations: readonly (readonly [Group, string, Outcome, Outcome, Outcome, Outcome, Outcome])[] = [
  // group            endpoint                    anonymous none   admin  super  disabled
  ['public blocks', 'list documents',            'ok',     'ok',  'ok',  'ok',  'off'],
  ['public blocks', 'read a document',           'ok',     'ok',  'ok',  'ok',  'off'],
  ['public blocks', 'create a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'update a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'delete a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'reorder',                   '401',    '403', 'ok',  'ok',  'off'],

  ['item',          'list documents',            'ok',     'ok',  'ok',  'ok',  'off'],
  ['item',          'read a document',           'ok',     'ok',  'ok',  'ok',  'off'],
  ['item',          'create a document',         '401',    '403', '403', 'ok',  'off'],
  ['item',          'update a document',         '401',    '403', '403', 'ok',  'off'],
  ['item',          'delete a document',         '401',    '403', '403', 'ok',  'off'],
  ['item',          'reorder',                   '401',    '403', '403', 'ok',  'off'],

  ['customer',      'list documents',            '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'read a document',           '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'create a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'update a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'delete a document',         '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'reorder',                   '401',    '403', 'ok',  'ok',  'off'],

  // Editorial steps, on one collection of each access class.
  ['public blocks', 'publish',                   '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'unpublish',                 '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'discard changes',           '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'cancel a schedule',         '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'list revisions',            '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'read a revision',           '401',    '403', 'ok',  'ok',  'off'],
  ['public blocks', 'restore a revision',        '401',    '403', 'ok',  'ok',  'off'],
  ['item',          'publish',                   '401',    '403', '403', 'ok',  'off'],
  ['item',          'unpublish',                 '401',    '403', '403', 'ok',  'off'],
  ['item',          'discard changes',           '401',    '403', '403', 'ok',  'off'],
  ['item',          'cancel a schedule',         '401',    '403', '403', 'ok',  'off'],
  ['item',          'list revisions',            '401',    '403', 'ok',  'ok',  'off'],
  ['item',          'read a revision',           '401',    '403', 'ok',  'ok',  'off'],
  ['item',          'restore a revision',        '401',    '403', '403', 'ok',  'off'],
  ['customer',      'publish',                   '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'unpublish',                 '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'discard changes',           '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'cancel a schedule',         '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'list revisions',            '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'read a revision',           '401',    '403', 'ok',  'ok',  'off'],
  ['customer',      'restore a revision',        '401',    '403', 'ok',  'ok',  'off'],

  ['trash',         'list the trash',            '401',    '403', 'ok',  'ok',  'off'],
  ['trash',         'restore from the trash',    '401',    '403', 'ok',  'ok',  'off'],
  ['trash',         'empty the trash',           '401',    '403', '403', 'ok',  'off'],

  ['pages',         'page bundle',               'ok',     'ok',  'ok',  'ok',  'off'],

  ['preview links', 'make a preview link',       '401',    '403', 'ok',  'ok',  'off'],
  ['preview links', 'list preview links',        '401',    '403', 'ok',  'ok',  'off'],
  ['preview links', 'revoke a preview link',     '401',    '403', 'ok',  'ok',  'off'],

  ['settings',      'read settings',             'ok',     'ok',  'ok',  'ok',  'off'],
  ['settings',      'save settings',             '401',    '403', '403', 'ok',  'off'],

  ['users',         'list users',                '401',    '403', '403', 'ok',  'off'],
  ['users',         'create a user',             '401',    '403', '403', 'ok',  'off'],
  ['users',         'read a user',               '401',    '403', '403', 'ok',  'off'],
  ['users',         'update a user',             '401',    '403', '403', 'ok',  'off'],
  ['users',         'delete a user',             '401',    '403', '403', 'ok',  'off'],

  ['invitations',   'list invitations',          '401',    '403', '403', 'ok',  'off'],
  ['invitations',   'invite a colleague',        '401',    '403', '403', 'ok',  'off'],
  ['invitations',   'resend an invitation',      '401',    '403', '403', 'ok',  'off'],
  ['invitations',   'withdraw an invitation',    '401',    '403', '403', 'ok',  'off'],

  // The link or the address is the credential: these read no caller (a disabled account's token is not looked at).
  ['account links', 'ask for a password reset',  'ok',     'ok',  'ok',  'ok',  'ok'],
  ['account links', 'accept an invitation',      'ok',     'ok',  'ok',  'ok',  'ok'],

  ['media',         'upload media',              '401',    '403', 'ok',  'ok',  'off'],
  ['media',         'delete media',              '401',    '403', 'ok',  'ok',  'off'],
  ['media',         'download media',            'ok',     'ok',  'ok',  'ok',  'off'],
  ['media',         'list the media library',    '401',    '403', 'ok',  'ok',  'off'],
  ['media',         'change alt text and focal point', '401', '403', 'ok', 'ok', 'off'],
  ['media',         'replace a file',            '401',    '403', 'ok',  'ok',  'off'],
  // A file the site settings use: changing how it looks, or the file, changes the settings (super-admins only).
  ['media',         'change the site logo\'s alt text and focal point', '401', '403', '403', 'ok', 'off'],
  ['media',         'replace the site logo',     '401',    '403', '403', 'ok',  'off'],
  ['media',         'change alt text in Kiswahili', '401',  '403', 'ok',  'ok',  'off'],
  ['media',         'change the site logo\'s alt text in Kiswahili', '401', '403', '403', 'ok', 'off'],

  ['functions',     'submit the contact form',   'ok',     'ok',  'ok',  'ok',  'off'],

  ['backups',       'list backups',              '401',    '403', '403', 'ok',  'off'],
  ['backups',       'start a backup',            '401',    '403', '403', 'ok',  'off'],
  ['backups',       'download a backup',         '401',    '403', '403', 'ok',  'off'],

  ['users',         'reset a user\'s two-factor',  '401',    '403', '403', 'ok',  'off'],

  ['audit',         'read the audit log',        '401',    '403', '403', 'ok',  'off'],
  ['audit',         'export the audit log',      '401',    '403', '403', 'ok',  'off'],

  ['site check',    'read the site check',       '401',    '403', 'ok',  'ok',  'off'],
  ['dashboard',     'read what waits',           '401',    '403', 'ok',  'ok',  'off'],
  // Pages, redirects and missing paths (design: admins shape pages; deleting pages and redirects are the super-admin's).
  ['site structure', 'list pages',               '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'read a page',              '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'what a page publish takes live', '401', '403', 'ok',  'ok',  'off'],
  ['site structure', 'create a page',            '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'change a page',            '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'publish a page',           '401',    '403', 'ok',  'ok',  'off'],
  // A redirect a super-admin set up by hand at the page's address is theirs to replace.
  ['site structure', 'publish a page over a redirect set up by hand', '401', '403', '403', 'ok', 'off'],
  ['site structure', 'list what links to a page', '401',   '403', '403', 'ok',  'off'],
  ['site structure', 'delete a page',            '401',    '403', '403', 'ok',  'off'],
  ['site structure', 'list redirects',           '401',    '403', '403', 'ok',  'off'],
  ['site structure', 'add a redirect',           '401',    '403', '403', 'ok',  'off'],
  ['site structure', 'remove a redirect',        '401',    '403', '403', 'ok',  'off'],
  ['site structure', 'list missing paths',       '401',    '403', '403', 'ok',  'off'],
  ['site structure', 'weigh the pages',          '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'read the navigation',      '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'save the navigation',      '401',    '403', 'ok',  'ok',  'off'],
  ['site structure', 'publish the navigation',   '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'read the report',          '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'read a block in Kiswahili', '401',   '403', 'ok',  'ok',  'off'],
  ['translations',   'save a translation',       '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'publish a translation',    '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'mark it still correct',    '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'read a page in Kiswahili', '401',    '403', 'ok',  'ok',  'off'],
  ['translations',   'list a page\'s parts in Kiswahili', '401', '403', 'ok', 'ok', 'off'],
  ['translations',   'read the navigation in Kiswahili', '401', '403', 'ok', 'ok', 'off'],
  ['translations',   'read the settings in Kiswahili', '401', '403', '403', 'ok', 'off'],
  ['translations',   'save the settings in Kiswahili', '401', '403', '403', 'ok', 'off'],

  ['account',       'read own account',          '401',    'ok',  'ok',  'ok',  'off'],
  ['account',       'rename own account',        '401',    'ok',  'ok',  'ok',  'off'],
  ['account',       'list own sessions',         '401',    'ok',  'ok',  'ok',  'off'],
  ['account',       'sign out a session',        '401',    'ok',  'ok',  'ok',  'off'],
  ['account',       'sign out other sessions',   '401',    'ok',  'ok',  'ok',  'off'],
  ['account',       'change own password',       '401',    'ok',  'ok',  'ok',  'off'],

  ['two-factor',    'set up two-factor',         '401',    'ok',  'ok',  'ok',  'off'],
  ['two-factor',    'turn on two-factor',        '401',    'ok',  'ok',  'ok',  'off'],
  ['two-factor',    'turn off two-factor',       '401',    'ok',  'ok',  'ok',  'off'],

  // People who wrote to the organisation: staff find and download them; erasing a person is the super-admin's.
  ['supporters',    'search people',             '401',    '403', 'ok',  'ok',  'off'],
  ['supporters',    'export a person',           '401',    '403', 'ok',  'ok',  'off'],
  ['supporters',    'erase a person',            '401',    '403', '403', 'ok',  'off'],
  ['supporters',    'list the forms with answers', '401',  '403', 'ok',  'ok',  'off'],
  ['supporters',    'download a form\'s answers', '401',   '403', 'ok',  'ok',  'off'],

  // Registrations for events: every member of staff handles them.
  ['events',        'list an event\'s registrations', '401', '403', 'ok', 'ok',  'off'],
  ['events',        'download an event\'s registrations', '401', '403', 'ok', 'ok', 'off'],
  ['events',        'change a registration',     '401',    '403', 'ok',  'ok',  'off'],
  ['events',        'mail everyone registered',  '401',    '403', 'ok',  'ok',  'off'],
  ['events',        'count registrations',       '401',    '403', 'ok',  'ok',  'off'],
  // A registration's outcome is a public page: outside /api, so no account's token is read.
  ['events',        'read a registration\'s outcome', 'ok',  'ok',  'ok',  'ok',  'ok'],

  // The newsletter: every member of staff writes, sends and pauses issues and handles subscribers.
  ['newsletter',    'list issues',               '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'write an issue',            '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'read an issue\'s progress', '401',   '403', 'ok',  'ok',  'off'],
  ['newsletter',    'send an issue',             '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'pause an issue',            '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'send a test of an issue',   '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'preview an issue',          '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'list subscribers',          '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'import subscribers',        '401',    '403', 'ok',  'ok',  'off'],
  ['newsletter',    'download subscribers',      '401',    '403', 'ok',  'ok',  'off'],
  // Subscribing's answer page is public: outside /api, so no account's token is read.
  ['newsletter',    'read the sign-up\'s answer', 'ok',   'ok',  'ok',  'ok',  'ok'],

  // Which pages people read: every member of staff reads the counts; nobody writes them through the API.
  ['visits',        'read the visit counts',     '401',    '403', 'ok',  'ok',  'off'],
  ['visits',        'download the visit counts', '401',    '403', 'ok',  'ok',  'off'],
  ['visits',        'read a page\'s recent views', '401',  '403', 'ok',  'ok',  'off'],

  // The doctor's TRUST_PROXY check: tells a caller only their own address.
  ['deploy',        'read own client address',   'ok',     'ok',  'ok',  'ok',  'off'],

  // A form editors built, as visitors answer it: outside /api, so no account's token is read (a disabled one's either).
  ['forms',         'answer a form',             'ok',     'ok',  'ok',  'ok',  'ok'],
  ['forms',         'read a form\'s thanks',     'ok',     'ok',  'ok',  'ok',  'ok'],
  ['forms',         'fetch a form\'s challenge', 'ok',     'ok',  'ok',  'ok',  'off'],
];

interface Env {
  t: TestApp;
  users: Record<Exclude<MatrixRole, 'anonymous'>, TestUser>;
  refs: FixtureRefs;
  /** A published document per collection, for reads. */
  published: Map<string, string>;
}

/** A draft page made as a trusted fixture (not through the API), with its version. */
/** An open form, published on the youth page (its section shows `youthvolunteer`), made once. */
const openForms = new WeakMap<Env, Promise<string>>();
async function openForm(env: Env): Promise<string> {
  const made = openForms.get(env);
  if (made) return made;
  const making = (async () => {
    const res = await env.t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'youthvolunteer' }),
      headers: env.users.super.headers,
      payload: { data: { title: 'Matrix sign-up', fields: [{ id: 'email', type: 'email', label: 'E-mail address', required: true }], closed: false }, status: 'published' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentDocument>().id;
  })();
  openForms.set(env, making);
  return making;
}

async function fixturePage(env: Env): Promise<{ id: string; version: number }> {
  const doc = await env.t.app.content.createAs(sitePageCollection, { data: { path: `/matrix-${crypto.randomBytes(4).toString('hex')}`, title: 'Matrix page', sections: [] }, status: 'draft' }, { principal: null, ip: null });
  return { id: doc.id, version: doc.version };
}

/** The navigation document's version and working copy, read as a trusted fixture. */
async function currentNavigation(env: Env): Promise<{ version: number; navigation: unknown }> {
  const s = await env.t.app.services.structure.current();
  if (!s.navigation) throw new Error('no navigation');
  return { version: Number(s.navigation.row.version), navigation: s.navigation.working };
}

interface Row {
  group: Group;
  endpoint: string;
  /** Which collection, page or resource the row is about. */
  target: string;
  /** Builds the request; may create what it needs first (as a trusted fixture, not through the API). */
  request: (env: Env, role: MatrixRole, caller: TestUser | undefined) => Promise<InjectOptions>;
  /** The row changes something of its caller's that would end the role's shared sign-in (a password): it runs as a fresh user of the role. */
  freshCaller?: true;
}

/** A draft at version 1, written straight to the database. */
async function freshDocumentId(env: Env, collection: string): Promise<string> {
  const c = collections.find((x) => x.name === collection)!;
  const row = await insertDocument(env.t.app.services.db.kysely, {
    id: crypto.randomUUID(),
    collection,
    data: JSON.stringify(validData(c, env.refs, 'Matrix')),
    status: 'draft',
    at: new Date().toISOString(),
    by: null,
  });
  return row.id;
}

async function pngBytes(): Promise<Buffer> {
  const [r, g, b] = crypto.randomBytes(3);
  return sharp({ create: { width: 24, height: 16, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

/** Uploads an image through the media API as the super-admin; a failed upload fails the test. */
async function uploadedMedia(env: Env): Promise<string> {
  const form = multipart(await pngBytes(), 'matrix.png', 'image/png');
  const res = await env.t.app.inject({ method: 'POST', url: '/api/media', headers: { ...env.users.super.headers, ...form.headers }, payload: form.payload });
  if (res.statusCode !== 201) throw new Error(`uploading the matrix image failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** An uploaded image made the site's logo by the super-admin (through the API); its id. */
async function siteLogo(env: Env): Promise<string> {
  const id = await uploadedMedia(env);
  const current = (await env.t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: Record<string, unknown>; version: number };
  const res = await env.t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { ...env.users.super.headers, 'if-match': String(current.version) },
    payload: { data: { ...current.data, logo: { mediaId: id, alt: 'The matrix logo', decorative: false } } },
  });
  if (res.statusCode !== 200) throw new Error(`making the matrix image the logo failed: ${res.statusCode} ${res.body}`);
  return id;
}

function collectionDef(name: string): CollectionDef {
  const c = getCollection(name);
  if (!c) throw new Error(`${name} is not a collection of the registry`);
  return c;
}

let ipCounter = 0;

const collectionRows = (group: CollectionGroup, c: CollectionDef): Row[] => [
  {
    group,
    endpoint: 'list documents',
    target: c.name,
    request: async () => ({ method: 'GET', url: `/api/collections/${c.name}/documents` }),
  },
  {
    group,
    endpoint: 'read a document',
    target: c.name,
    request: async (env) => ({ method: 'GET', url: `/api/collections/${c.name}/documents/${env.published.get(c.name)}` }),
  },
  {
    group,
    endpoint: 'create a document',
    target: c.name,
    request: async (env) => ({ method: 'POST', url: `/api/collections/${c.name}/documents`, payload: { data: validData(c, env.refs, 'Created') } }),
  },
  {
    group,
    endpoint: 'update a document',
    target: c.name,
    request: async (env) => {
      const id = await freshDocumentId(env, c.name);
      return { method: 'PATCH', url: `/api/collections/${c.name}/documents/${id}`, headers: { 'if-match': '1' }, payload: { status: 'published' } };
    },
  },
  {
    group,
    endpoint: 'delete a document',
    target: c.name,
    request: async (env) => {
      const id = await freshDocumentId(env, c.name);
      return { method: 'DELETE', url: `/api/collections/${c.name}/documents/${id}`, headers: { 'if-match': '1' } };
    },
  },
  {
    group,
    endpoint: 'reorder',
    target: c.name,
    request: async (env) => {
      const ids = await env.t.app.services.db.kysely
        .selectFrom('documents')
        .select('id')
        .where('collection', '=', c.name)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      return { method: 'POST', url: `/api/collections/${c.name}/reorder`, payload: { ids: ids.map((r) => r.id) } };
    },
  },
];

/** A block with a revision of its own, and that revision's id. */
async function revisedDocument(env: Env, collection: string): Promise<{ id: string; rev: string }> {
  const id = await freshDocumentId(env, collection);
  const rev = crypto.randomUUID();
  await env.t.app.services.db.kysely
    .insertInto('revisions')
    .values({ id: rev, document_id: id, collection, number: 1, action: 'create', status: 'draft', data: JSON.stringify(validData(collectionDef(collection), env.refs, 'Matrix')), at: new Date().toISOString(), by_id: null, by_name: null })
    .execute();
  return { id, rev };
}

/** The editorial steps of one collection (each on a fresh block at version 1). */
const editorialRows = (group: CollectionGroup, c: CollectionDef): Row[] => {
  const doc = (id: string) => `/api/collections/${c.name}/documents/${id}`;
  const at1 = { 'if-match': '1' };
  return [
    { group, endpoint: 'publish', target: c.name, request: async (env) => ({ method: 'POST', url: `${doc(await freshDocumentId(env, c.name))}/publish`, headers: at1, payload: {} }) },
    { group, endpoint: 'unpublish', target: c.name, request: async (env) => ({ method: 'POST', url: `${doc(await freshDocumentId(env, c.name))}/unpublish`, headers: at1, payload: {} }) },
    { group, endpoint: 'discard changes', target: c.name, request: async (env) => ({ method: 'POST', url: `${doc(await freshDocumentId(env, c.name))}/discard`, headers: at1 }) },
    { group, endpoint: 'cancel a schedule', target: c.name, request: async (env) => ({ method: 'DELETE', url: `${doc(await freshDocumentId(env, c.name))}/schedule`, headers: at1 }) },
    { group, endpoint: 'list revisions', target: c.name, request: async (env) => ({ method: 'GET', url: `${doc((await revisedDocument(env, c.name)).id)}/revisions` }) },
    {
      group,
      endpoint: 'read a revision',
      target: c.name,
      request: async (env) => {
        const { id, rev } = await revisedDocument(env, c.name);
        return { method: 'GET', url: `${doc(id)}/revisions/${rev}` };
      },
    },
    {
      group,
      endpoint: 'restore a revision',
      target: c.name,
      request: async (env) => {
        const { id, rev } = await revisedDocument(env, c.name);
        return { method: 'POST', url: `${doc(id)}/revisions/${rev}/restore`, headers: at1 };
      },
    },
  ];
};

/** A block in the trash. */
async function trashedDocumentId(env: Env): Promise<string> {
  const id = await freshDocumentId(env, 'descriptionhome');
  await env.t.app.services.db.kysely.updateTable('documents').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
  return id;
}

const rows: Row[] = [
  ...(Object.keys(collectionGroups) as CollectionGroup[]).flatMap((group) => collectionGroups[group].flatMap((name) => collectionRows(group, collectionDef(name)))),
  ...(Object.keys(collectionGroups) as CollectionGroup[]).flatMap((group) => editorialRows(group, collectionDef(collectionGroups[group][0]))),
  { group: 'trash', endpoint: 'list the trash', target: 'trash', request: async () => ({ method: 'GET', url: '/api/trash' }) },
  { group: 'trash', endpoint: 'restore from the trash', target: 'trash', request: async (env) => ({ method: 'POST', url: `/api/trash/${await trashedDocumentId(env)}/restore` }) },
  { group: 'trash', endpoint: 'empty the trash', target: 'trash', request: async () => ({ method: 'DELETE', url: '/api/trash' }) },
  ...pages.map(
    (p): Row => ({
      group: 'pages',
      endpoint: 'page bundle',
      target: p.id,
      request: async () => ({ method: 'GET', url: `/api/pages/${p.id}` }),
    }),
  ),
  { group: 'preview links', endpoint: 'make a preview link', target: 'preview', request: async () => ({ method: 'POST', url: editorialApi.preview, payload: { page: 'about' } }) },
  { group: 'preview links', endpoint: 'list preview links', target: 'preview', request: async () => ({ method: 'GET', url: `${editorialApi.preview}?page=about` }) },
  {
    group: 'preview links',
    endpoint: 'revoke a preview link',
    target: 'preview',
    request: async (env) => ({ method: 'DELETE', url: editorialApi.previewLink(await previewLink(env)) }),
  },
  { group: 'settings', endpoint: 'read settings', target: 'settings', request: async () => ({ method: 'GET', url: '/api/settings' }) },
  {
    group: 'settings',
    endpoint: 'save settings',
    target: 'settings',
    request: async (env) => {
      const current = (await env.t.app.inject({ method: 'GET', url: '/api/settings' })).json() as { data: unknown; version: number };
      return { method: 'PUT', url: '/api/settings', headers: { 'if-match': String(current.version) }, payload: { data: current.data } };
    },
  },
  { group: 'users', endpoint: 'list users', target: 'users', request: async () => ({ method: 'GET', url: '/api/users' }) },
  {
    group: 'users',
    endpoint: 'create a user',
    target: 'users',
    request: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: { email: `new-${crypto.randomUUID().slice(0, 8)}@example.org`, displayName: 'New Editor', role: 'admin', password: `Tq7-${crypto.randomBytes(9).toString('base64url')}!` },
    }),
  },
  {
    group: 'users',
    endpoint: 'read a user',
    target: 'users',
    request: async (env) => ({ method: 'GET', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}` }),
  },
  {
    group: 'users',
    endpoint: 'update a user',
    target: 'users',
    request: async (env) => ({ method: 'PATCH', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}`, payload: { displayName: 'Renamed Editor' } }),
  },
  {
    group: 'users',
    endpoint: 'delete a user',
    target: 'users',
    request: async (env) => ({ method: 'DELETE', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}` }),
  },
  { group: 'invitations', endpoint: 'list invitations', target: 'invitations', request: async () => ({ method: 'GET', url: accountLinkApi.invitations }) },
  {
    group: 'invitations',
    endpoint: 'invite a colleague',
    target: 'invitations',
    request: async () => ({ method: 'POST', url: accountLinkApi.invitations, payload: { email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.org`, role: 'admin' } }),
  },
  {
    group: 'invitations',
    endpoint: 'resend an invitation',
    target: 'invitations',
    request: async (env) => ({ method: 'POST', url: invitationResendPath((await invitation(env)).id) }),
  },
  {
    group: 'invitations',
    endpoint: 'withdraw an invitation',
    target: 'invitations',
    request: async (env) => ({ method: 'DELETE', url: invitationPath((await invitation(env)).id) }),
  },
  {
    group: 'account links',
    endpoint: 'ask for a password reset',
    target: 'account links',
    request: async () => ({
      method: 'POST',
      url: accountLinkApi.passwordReset,
      headers: { 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` },
      payload: { email: `reset-${crypto.randomUUID().slice(0, 8)}@example.org` },
    }),
  },
  {
    group: 'account links',
    endpoint: 'accept an invitation',
    target: 'account links',
    request: async (env) => ({
      method: 'POST',
      url: accountLinkApi.invitationAccept,
      payload: { token: (await invitation(env)).token, displayName: 'Invited Colleague', password: `Tq7-${crypto.randomBytes(9).toString('base64url')}!` },
    }),
  },
  {
    group: 'media',
    endpoint: 'upload media',
    target: 'media',
    request: async () => {
      const form = multipart(await pngBytes(), 'upload.png', 'image/png');
      return { method: 'POST', url: '/api/media', headers: form.headers, payload: form.payload };
    },
  },
  {
    group: 'media',
    endpoint: 'delete media',
    target: 'media',
    request: async (env) => ({ method: 'DELETE', url: `/api/media/${await uploadedMedia(env)}` }),
  },
  {
    group: 'media',
    endpoint: 'download media',
    target: 'media',
    request: async (env) => ({ method: 'GET', url: `/media/${await uploadedMedia(env)}/original` }),
  },
  {
    group: 'media',
    endpoint: 'list the media library',
    target: 'media',
    request: async () => ({ method: 'GET', url: '/api/media?unused=true&q=matrix' }),
  },
  {
    group: 'media',
    endpoint: 'change alt text and focal point',
    target: 'media',
    request: async (env) => ({ method: 'PATCH', url: `/api/media/${await uploadedMedia(env)}`, payload: { alt: 'A colour swatch', focalPoint: { x: 0.3, y: 0.6 } } }),
  },
  {
    group: 'media',
    endpoint: 'replace a file',
    target: 'media',
    request: async (env) => {
      const form = multipart(await pngBytes(), 'replacement.png', 'image/png');
      return { method: 'POST', url: `/api/media/${await uploadedMedia(env)}/replace`, headers: form.headers, payload: form.payload };
    },
  },
  {
    group: 'media',
    endpoint: 'change alt text in Kiswahili',
    target: 'media',
    request: async (env) => ({ method: 'PATCH', url: `/api/media/${await uploadedMedia(env)}?lang=sw`, payload: { alt: 'Rangi' } }),
  },
  {
    group: 'media',
    endpoint: 'change the site logo\'s alt text in Kiswahili',
    target: 'media',
    request: async (env) => ({ method: 'PATCH', url: `/api/media/${await siteLogo(env)}?lang=sw`, payload: { alt: 'Nembo' } }),
  },
  {
    group: 'media',
    endpoint: 'change the site logo\'s alt text and focal point',
    target: 'media',
    request: async (env) => ({ method: 'PATCH', url: `/api/media/${await siteLogo(env)}`, payload: { alt: 'A colour swatch', focalPoint: { x: 0.3, y: 0.6 } } }),
  },
  {
    group: 'media',
    endpoint: 'replace the site logo',
    target: 'media',
    request: async (env) => {
      const form = multipart(await pngBytes(), 'replacement logo.png', 'image/png');
      return { method: 'POST', url: `/api/media/${await siteLogo(env)}/replace`, headers: form.headers, payload: form.payload };
    },
  },
  {
    group: 'functions',
    endpoint: 'submit the contact form',
    target: 'functions',
    request: async () => ({
      method: 'POST',
      url: '/api/functions/submitContact',
      // Each call from its own address, so the form's rate limit does not decide the answer.
      headers: { 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` },
      payload: { data: { name: 'Amina Juma', email: 'amina@example.org', message: 'I would like to volunteer at the next community hearing.', consent: true } },
    }),
  },
  { group: 'supporters', endpoint: 'search people', target: 'supporters', request: async () => ({ method: 'GET', url: `${apiPaths.supporters.list}?q=matrix` }) },
  { group: 'supporters', endpoint: 'export a person', target: 'supporters', request: async (env) => ({ method: 'GET', url: pathTo(apiPaths.supporters.export, { id: await supporter(env) }) }) },
  { group: 'supporters', endpoint: 'erase a person', target: 'supporters', request: async (env) => ({ method: 'DELETE', url: pathTo(apiPaths.supporters.one, { id: await supporter(env) }) }) },
  { group: 'supporters', endpoint: 'list the forms with answers', target: 'supporters', request: async () => ({ method: 'GET', url: apiPaths.forms.answered }) },
  { group: 'supporters', endpoint: 'download a form\'s answers', target: 'supporters', request: async () => ({ method: 'GET', url: `${pathTo(apiPaths.forms.answersCsv, { id: 'matrix-form' })}?from=2026-01-01&to=2026-12-31` }) },
  { group: 'events', endpoint: 'list an event\'s registrations', target: 'registrations', request: async (env) => ({ method: 'GET', url: pathTo(apiPaths.events.registrations, { id: await registrationEvent(env) }) }) },
  { group: 'events', endpoint: 'download an event\'s registrations', target: 'registrations', request: async (env) => ({ method: 'GET', url: pathTo(apiPaths.events.registrationsCsv, { id: await registrationEvent(env) }) }) },
  {
    group: 'events',
    endpoint: 'change a registration',
    target: 'registrations',
    request: async (env) => {
      const { id, registrationId } = await registration(env);
      return { method: 'PATCH', url: pathTo(apiPaths.events.registration, { id, registrationId }), payload: { attended: true } };
    },
  },
  { group: 'events', endpoint: 'mail everyone registered', target: 'registrations', request: async (env) => ({ method: 'POST', url: pathTo(apiPaths.events.mail, { id: await registrationEvent(env) }), payload: { subject: 'The room changed', text: 'We meet in room 2.' } }) },
  { group: 'events', endpoint: 'count registrations', target: 'registrations', request: async () => ({ method: 'GET', url: apiPaths.events.counts }) },
  { group: 'events', endpoint: 'read a registration\'s outcome', target: 'registrations', request: async (env) => ({ method: 'GET', url: `${eventRegisterPath(await registrationEvent(env))}?registered=confirmed` }) },
  { group: 'newsletter', endpoint: 'list issues', target: 'newsletters', request: async () => ({ method: 'GET', url: apiPaths.newsletters.list }) },
  { group: 'newsletter', endpoint: 'write an issue', target: 'newsletters', request: async () => ({ method: 'POST', url: apiPaths.newsletters.list, payload: { lang: 'en', subject: 'Matrix news' } }) },
  { group: 'newsletter', endpoint: 'read an issue\'s progress', target: 'newsletters', request: async (env) => ({ method: 'GET', url: pathTo(apiPaths.newsletters.one, { id: await newsletterIssue(env) }) }) },
  { group: 'newsletter', endpoint: 'send an issue', target: 'newsletters', request: async (env) => ({ method: 'POST', url: pathTo(apiPaths.newsletters.send, { id: await newsletterIssue(env) }), payload: { at: new Date(Date.now() + 86_400_000).toISOString() } }) },
  { group: 'newsletter', endpoint: 'pause an issue', target: 'newsletters', request: async (env) => ({ method: 'POST', url: pathTo(apiPaths.newsletters.pause, { id: await newsletterIssue(env, true) }) }) },
  { group: 'newsletter', endpoint: 'send a test of an issue', target: 'newsletters', request: async (env) => ({ method: 'POST', url: pathTo(apiPaths.newsletters.test, { id: await newsletterIssue(env) }) }) },
  { group: 'newsletter', endpoint: 'preview an issue', target: 'newsletters', request: async (env) => ({ method: 'GET', url: pathTo(apiPaths.newsletters.preview, { id: await newsletterIssue(env) }) }) },
  { group: 'newsletter', endpoint: 'list subscribers', target: 'newsletters', request: async () => ({ method: 'GET', url: `${apiPaths.subscribers.list}?state=confirmed` }) },
  {
    group: 'newsletter',
    endpoint: 'import subscribers',
    target: 'newsletters',
    request: async () => ({ method: 'POST', url: apiPaths.subscribers.import, payload: { csv: `email\nmatrix-${crypto.randomUUID().slice(0, 8)}@example.org`, source: 'Matrix sign-up sheet', lang: 'en' } }),
  },
  { group: 'newsletter', endpoint: 'download subscribers', target: 'newsletters', request: async () => ({ method: 'GET', url: apiPaths.subscribers.export }) },
  { group: 'newsletter', endpoint: 'read the sign-up\'s answer', target: 'newsletters', request: async () => ({ method: 'GET', url: '/newsletter/subscribe?sent=1' }) },

  { group: 'visits', endpoint: 'read the visit counts', target: 'visits', request: async () => ({ method: 'GET', url: `${apiPaths.visits.report}?from=2026-01-01&to=2026-01-31` }) },
  { group: 'visits', endpoint: 'download the visit counts', target: 'visits', request: async () => ({ method: 'GET', url: `${apiPaths.visits.csv}?from=2026-01-01&to=2026-01-31` }) },
  { group: 'visits', endpoint: 'read a page\'s recent views', target: 'visits', request: async () => ({ method: 'GET', url: apiPaths.visits.recent }) },
  { group: 'deploy', endpoint: 'read own client address', target: 'deploy', request: async () => ({ method: 'GET', url: '/api/deploy/client-address' }) },
  {
    group: 'forms',
    endpoint: 'answer a form',
    target: 'forms',
    request: async (env) => {
      const id = await openForm(env);
      return {
        method: 'POST',
        url: formPostPath(id),
        // Each call from its own address, so the form's rate limit does not decide the answer.
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'x-forwarded-for': `203.0.113.${++ipCounter % 250}` },
        payload: new URLSearchParams({ 'f-email': 'matrix.answer@example.org', website: '', started: signFormStart(testAuthSecret, id, Date.now() - 10_000) }).toString(),
      };
    },
  },
  { group: 'forms', endpoint: 'read a form\'s thanks', target: 'forms', request: async (env) => ({ method: 'GET', url: `${formPostPath(await openForm(env))}?sent=1` }) },
  { group: 'forms', endpoint: 'fetch a form\'s challenge', target: 'forms', request: async (env) => ({ method: 'GET', url: `${apiPaths.forms.challenge}?form=${await openForm(env)}` }) },
  { group: 'backups', endpoint: 'list backups', target: 'backups', request: async () => ({ method: 'GET', url: backupsApiPath }) },
  // Only the super-admin's call starts one (in the background); every other role is refused first.
  { group: 'backups', endpoint: 'start a backup', target: 'backups', request: async () => ({ method: 'POST', url: backupsApiPath }) },
  {
    group: 'backups',
    endpoint: 'download a backup',
    target: 'backups',
    request: async (env) => ({ method: 'GET', url: backupDownloadPath(await backupFile(env)) }),
  },
  { group: 'audit', endpoint: 'read the audit log', target: 'audit', request: async () => ({ method: 'GET', url: '/api/audit?limit=5' }) },
  { group: 'audit', endpoint: 'export the audit log', target: 'audit', request: async () => ({ method: 'GET', url: '/api/audit?action=auth.sign-in', headers: { accept: 'text/csv' } }) },
  { group: 'site check', endpoint: 'read the site check', target: 'site-check', request: async () => ({ method: 'GET', url: siteCheckApi }) },
  { group: 'dashboard', endpoint: 'read what waits', target: 'dashboard', request: async () => ({ method: 'GET', url: dashboardApi }) },
  { group: 'site structure', endpoint: 'list pages', target: 'pages', request: async () => ({ method: 'GET', url: siteApi.pages }) },
  { group: 'site structure', endpoint: 'read a page', target: 'pages', request: async () => ({ method: 'GET', url: siteApi.page('about') }) },
  { group: 'site structure', endpoint: 'what a page publish takes live', target: 'pages', request: async () => ({ method: 'GET', url: siteApi.pageChanges('about') }) },
  { group: 'site structure', endpoint: 'create a page', target: 'pages', request: async () => ({ method: 'POST', url: siteApi.pages, payload: { path: `/matrix-${crypto.randomBytes(4).toString('hex')}`, title: 'Matrix page' } }) },
  {
    group: 'site structure',
    endpoint: 'change a page',
    target: 'pages',
    request: async (env) => {
      const page = await fixturePage(env);
      return { method: 'PATCH', url: siteApi.page(page.id), headers: { 'if-match': String(page.version) }, payload: { title: 'Matrix page, renamed' } };
    },
  },
  {
    group: 'site structure',
    endpoint: 'publish a page',
    target: 'pages',
    request: async (env) => {
      const page = await fixturePage(env);
      return { method: 'POST', url: siteApi.pageStep(page.id, 'publish'), headers: { 'if-match': String(page.version) }, payload: {} };
    },
  },
  {
    group: 'site structure',
    endpoint: 'publish a page over a redirect set up by hand',
    target: 'pages',
    request: async (env) => {
      const page = await fixturePage(env);
      const { path } = (await env.t.app.services.structure.current()).pages.get(page.id)?.working ?? { path: '' };
      await putRedirect(env.t.app.services.db.kysely, { lang: 'en', fromPath: path, url: 'https://pay.example.org/give', automatic: false, at: new Date().toISOString(), by: null });
      env.t.app.services.changes.publish({ type: 'structure' });
      return { method: 'POST', url: siteApi.pageStep(page.id, 'publish'), headers: { 'if-match': String(page.version) }, payload: { replaceRedirect: true } };
    },
  },
  { group: 'site structure', endpoint: 'list what links to a page', target: 'pages', request: async () => ({ method: 'GET', url: siteApi.pageLinks('about') }) },
  {
    group: 'site structure',
    endpoint: 'delete a page',
    target: 'pages',
    request: async (env) => {
      const page = await fixturePage(env);
      return { method: 'DELETE', url: siteApi.page(page.id), headers: { 'if-match': String(page.version) } };
    },
  },
  { group: 'site structure', endpoint: 'list redirects', target: 'redirects', request: async () => ({ method: 'GET', url: siteApi.redirects }) },
  { group: 'site structure', endpoint: 'add a redirect', target: 'redirects', request: async () => ({ method: 'POST', url: siteApi.redirects, payload: { fromPath: `/old-${crypto.randomBytes(4).toString('hex')}`, pageId: 'about' } }) },
  {
    group: 'site structure',
    endpoint: 'remove a redirect',
    target: 'redirects',
    request: async (env) => {
      const r = await putRedirect(env.t.app.services.db.kysely, { lang: 'en', fromPath: `/gone-${crypto.randomBytes(4).toString('hex')}`, gone: true, automatic: false, at: new Date().toISOString(), by: null });
      env.t.app.services.changes.publish({ type: 'structure' });
      return { method: 'DELETE', url: siteApi.redirect(r.id) };
    },
  },
  { group: 'site structure', endpoint: 'list missing paths', target: 'not-found', request: async () => ({ method: 'GET', url: siteApi.notFound }) },
  { group: 'site structure', endpoint: 'weigh the pages', target: 'pages', request: async () => ({ method: 'GET', url: pageWeightsApi }) },
  { group: 'site structure', endpoint: 'read the navigation', target: 'navigation', request: async () => ({ method: 'GET', url: siteApi.navigation }) },
  {
    group: 'site structure',
    endpoint: 'save the navigation',
    target: 'navigation',
    request: async (env) => {
      const { version, navigation } = await currentNavigation(env);
      return { method: 'PUT', url: siteApi.navigation, headers: { 'if-match': String(version) }, payload: { navigation } };
    },
  },
  {
    group: 'site structure',
    endpoint: 'publish the navigation',
    target: 'navigation',
    request: async (env) => ({ method: 'POST', url: siteApi.navigationPublish, headers: { 'if-match': String((await currentNavigation(env)).version) }, payload: {} }),
  },
  { group: 'translations', endpoint: 'read the report', target: 'translations', request: async () => ({ method: 'GET', url: `${apiPaths.translations.report}?lang=sw` }) },
  {
    group: 'translations',
    endpoint: 'read a block in Kiswahili',
    target: 'translations',
    request: async (env) => ({ method: 'GET', url: `${pathTo(apiPaths.collections.document, { name: 'descriptionhome', id: env.published.get('descriptionhome')! })}?lang=sw` }),
  },
  {
    group: 'translations',
    endpoint: 'save a translation',
    target: 'translations',
    request: async (env) => {
      const id = await freshBlock(env);
      return { method: 'PATCH', url: `${pathTo(apiPaths.collections.document, { name: 'descriptionhome', id })}?lang=sw`, headers: { 'if-match': '0' }, payload: { translation: { title: 'Kichwa' } } };
    },
  },
  {
    group: 'translations',
    endpoint: 'publish a translation',
    target: 'translations',
    request: async (env) => {
      const id = await freshBlock(env);
      return { method: 'PATCH', url: `${pathTo(apiPaths.collections.document, { name: 'descriptionhome', id })}?lang=sw`, headers: { 'if-match': '0' }, payload: { translation: { title: 'Kichwa' }, status: 'published' } };
    },
  },
  {
    group: 'translations',
    endpoint: 'mark it still correct',
    target: 'translations',
    request: async (env) => {
      const id = await freshBlock(env);
      const url = `${pathTo(apiPaths.collections.document, { name: 'descriptionhome', id })}?lang=sw`;
      const published = await env.t.app.inject({ method: 'PATCH', url, headers: { ...env.users.super.headers, 'if-match': '0' }, payload: { translation: { title: 'Kichwa' }, status: 'published' } });
      expect(published.statusCode, published.body).toBe(200);
      return { method: 'POST', url: `${pathTo(apiPaths.translations.confirm, { name: 'descriptionhome', id })}?lang=sw`, headers: { 'if-match': String(published.json<{ version: number }>().version) } };
    },
  },
  { group: 'translations', endpoint: 'read a page in Kiswahili', target: 'translations', request: async () => ({ method: 'GET', url: `${siteApi.page('about')}?lang=sw` }) },
  { group: 'translations', endpoint: 'list a page\'s parts in Kiswahili', target: 'translations', request: async () => ({ method: 'GET', url: `${pathTo(apiPaths.translations.page, { id: 'about' })}?lang=sw` }) },
  { group: 'translations', endpoint: 'read the settings in Kiswahili', target: 'translations', request: async () => ({ method: 'GET', url: `${apiPaths.translations.settings}?lang=sw` }) },
  {
    group: 'translations',
    endpoint: 'save the settings in Kiswahili',
    target: 'translations',
    request: async (env) => {
      const current = await env.t.app.inject({ method: 'GET', url: `${apiPaths.translations.settings}?lang=sw`, headers: env.users.super.headers });
      return { method: 'PUT', url: `${apiPaths.translations.settings}?lang=sw`, headers: { 'if-match': String(current.json<{ version: number }>().version) }, payload: { translation: { tagline: 'Kauli mbiu' } } };
    },
  },
  { group: 'translations', endpoint: 'read the navigation in Kiswahili', target: 'translations', request: async () => ({ method: 'GET', url: `${siteApi.navigation}?lang=sw` }) },
  {
    group: 'users',
    endpoint: 'reset a user\'s two-factor',
    target: 'users',
    request: async (env) => ({ method: 'DELETE', url: `/api/users/${(await createUser(env.t.app, 'admin')).uid}/second-factor` }),
  },
  { group: 'account', endpoint: 'read own account', target: 'account', request: async () => ({ method: 'GET', url: '/api/account' }) },
  { group: 'account', endpoint: 'rename own account', target: 'account', request: async () => ({ method: 'PATCH', url: '/api/account', payload: { displayName: 'Matrix Name' } }) },
  { group: 'account', endpoint: 'list own sessions', target: 'account', request: async () => ({ method: 'GET', url: '/api/account/sessions' }) },
  {
    group: 'account',
    endpoint: 'sign out a session',
    target: 'account',
    request: async (env, role) => ({ method: 'DELETE', url: `/api/account/sessions/${await ownSession(env, role)}` }),
  },
  { group: 'account', endpoint: 'sign out other sessions', target: 'account', request: async () => ({ method: 'POST', url: '/api/account/sessions/sign-out-others' }) },
  { group: 'two-factor', endpoint: 'set up two-factor', target: 'two-factor', request: async () => ({ method: 'POST', url: '/api/auth/second-factor/setup' }) },
  {
    group: 'two-factor',
    endpoint: 'turn on two-factor',
    target: 'two-factor',
    request: async (env, role) => ({ method: 'POST', url: '/api/auth/second-factor/enable', payload: { password: role === 'anonymous' ? 'no password' : env.users[role].password, code: await confirmingCode(env, role) } }),
  },
  {
    group: 'two-factor',
    endpoint: 'turn off two-factor',
    target: 'two-factor',
    request: async (env, role) => ({ method: 'DELETE', url: '/api/auth/second-factor', payload: { password: role === 'anonymous' ? 'no password' : env.users[role].password } }),
  },
  {
    group: 'account',
    endpoint: 'change own password',
    target: 'account',
    // A new password ends the idTokens issued before it, so the row runs as a fresh user of the role and the rows after keep theirs.
    freshCaller: true,
    request: async (_env, _role, caller) => ({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: caller?.password ?? 'no password', newPassword: `Matrix-${crypto.randomBytes(9).toString('base64url')}!` },
    }),
  },
];

/** A published event people register for on the site (a year from now, a hundred places), made once through the content API. */
const registrationEvents = new WeakMap<Env, Promise<string>>();
/** A new draft issue of the newsletter (made by a super-admin), scheduled for tomorrow when `scheduled`. */
async function newsletterIssue(env: Env, scheduled = false): Promise<string> {
  const made = await env.t.app.inject({ method: 'POST', url: apiPaths.newsletters.list, headers: env.users.super.headers, payload: { lang: 'en', subject: 'Matrix issue' } });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ id: string }>();
  if (scheduled) {
    const res = await env.t.app.inject({ method: 'POST', url: pathTo(apiPaths.newsletters.send, { id }), headers: env.users.super.headers, payload: { at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(res.statusCode, res.body).toBe(202);
  }
  return id;
}

async function registrationEvent(env: Env): Promise<string> {
  const made = registrationEvents.get(env);
  if (made) return made;
  const startsAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  const making = (async () => {
    const res = await env.t.app.inject({
      method: 'POST',
      url: pathTo(apiPaths.collections.documents, { name: 'thirdevents' }),
      headers: env.users.super.headers,
      payload: { data: { title: 'Matrix workshop', startsAt, registrationOpen: true, places: 100, waitlist: true }, status: 'published' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContentDocument>().id;
  })();
  registrationEvents.set(env, making);
  return making;
}

/** A fresh registration for that event, taken as the public form takes one (a trusted fixture); its ids. */
async function registration(env: Env): Promise<{ id: string; registrationId: string }> {
  const id = await registrationEvent(env);
  const email = `matrix-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const { registrationId } = await env.t.app.services.events.register({ eventId: id, email, name: 'Matrix Person', values: {} });
  if (!registrationId) throw new Error('the fixture registration was not kept');
  return { id, registrationId };
}

/** A person with one answer, recorded as the public form records it (a trusted fixture); their id. */
async function supporter(env: Env): Promise<string> {
  const email = `matrix-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const { supporterId } = await env.t.app.services.supporters.recordAnswer({
    formId: 'matrix-form',
    formTitle: 'Matrix form',
    lang: 'en',
    email,
    name: 'Matrix Person',
    values: { email },
    consentText: 'You may keep my answer.',
    retentionMonths: 12,
  });
  return supporterId;
}

/** A live preview link of the about page, written straight to the database; its id. */
async function previewLink(env: Env): Promise<string> {
  const now = new Date();
  const id = crypto.randomUUID();
  await insertPreviewLink(env.t.app.services.db.kysely, {
    id,
    token_hash: hashPreviewToken(newPreviewToken()),
    page: 'about',
    document_id: null,
    created_by: env.users.admin.uid,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    revoked_at: null,
  });
  return id;
}

/** An open invitation, written straight to the database, and its link's token. */
async function invitation(env: Env): Promise<{ id: string; token: string }> {
  const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const { row, token } = await issueActionCode(env.t.app.services.db.kysely, { purpose: 'invitation', email, role: 'admin', createdBy: env.users.super.uid });
  return { id: row.id, token };
}

/** A session of the role's user, begun by signing in (a made-up id for a caller who cannot sign in). */
async function ownSession(env: Env, role: MatrixRole): Promise<string> {
  if (role === 'anonymous' || role === 'disabled') return crypto.randomUUID();
  const user = env.users[role];
  const res = await env.t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`signing in as ${role} failed: ${res.statusCode} ${res.body}`);
  const row = await env.t.app.services.db.kysely
    .selectFrom('refresh_tokens')
    .select('family_id')
    .where('user_id', '=', user.uid)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.family_id;
}

/** A right code for a set-up begun as the role's user (any code for a caller who cannot begin one). */
async function confirmingCode(env: Env, role: MatrixRole): Promise<string> {
  if (role === 'anonymous' || role === 'disabled') return '123456';
  const res = await env.t.app.inject({ method: 'POST', url: '/api/auth/second-factor/setup', headers: env.users[role].headers });
  if (res.statusCode !== 200) throw new Error(`two-factor set-up as ${role} failed: ${res.statusCode} ${res.body}`);
  const { secret } = res.json() as { secret: string };
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate();
}

/** A file named as a backup in the site's BACKUP_DIR (its content does not matter to a download). */
async function backupFile(env: Env): Promise<string> {
  const { config } = env.t.app.services;
  const name = backupFileName(new Date(Date.UTC(2026, 0, 1)), null, false);
  const dir = config.backupDir ?? path.join(config.dataDir, 'backups');
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, name), 'archive bytes');
  return name;
}

function expectedOutcome(row: Row, role: MatrixRole): Outcome {
  const line = expectations.find(([group, endpoint]) => group === row.group && endpoint === row.endpoint);
  if (!line) throw new Error(`no expectation for ${row.group} / ${row.endpoint}`);
  const [, , ...outcomes] = line;
  return outcomes[matrixRoles.indexOf(role)]!;
}

describe.each(dialects())('role matrix on %s', (dialect) => {
  const env = {} as Env;

  beforeAll(async () => {
    // With the public pages rendered: weighing them reads them.
    env.t = await build(dialect, {}, { render: true });
    env.users = {
      none: await createUser(env.t.app, 'none'),
      admin: await createUser(env.t.app, 'admin'),
      super: await createUser(env.t.app, 'super'),
      disabled: await createUser(env.t.app, 'super', { disabled: true }),
    };
    env.refs = { imageId: await insertMedia(env.t.app), fileId: await insertMedia(env.t.app, 'pdf') };
    // The site speaks English and Kiswahili, so `?lang=sw` names one of its languages.
    const settings = await env.t.app.inject({ method: 'GET', url: apiPaths.settings, headers: env.users.super.headers });
    const saved = await env.t.app.inject({
      method: 'PUT',
      url: apiPaths.settings,
      headers: { ...env.users.super.headers, 'if-match': String(settings.json<{ version: number }>().version) },
      payload: { data: { ...settings.json<{ data: object }>().data, languages: [{ code: 'en', name: 'English', dir: 'ltr' }, { code: 'sw', name: 'Kiswahili', dir: 'ltr' }], defaultLanguage: 'en' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    env.published = new Map();
    for (const c of collections) {
      const res = await env.t.app.inject({
        method: 'POST',
        url: `/api/collections/${c.name}/documents`,
        headers: env.users.super.headers,
        payload: { data: validData(c, env.refs, 'Published'), status: 'published' },
      });
      expect(res.statusCode, res.body).toBe(201);
      env.published.set(c.name, (res.json() as ContentDocument).id);
    }
  });
  afterAll(async () => {
    await env.t?.close();
  });

  it('covers every collection of the registry and every page, and has one expectation per group and endpoint', () => {
    const grouped: string[] = Object.values(collectionGroups).flat();
    expect([...grouped].sort()).toEqual(collections.map((c) => c.name).sort());
    const documentEndpoints = ['list documents', 'read a document', 'create a document', 'update a document', 'delete a document', 'reorder'];
    for (const c of collections) expect(rows.filter((r) => r.target === c.name && documentEndpoints.includes(r.endpoint))).toHaveLength(6);
    for (const p of pages) expect(rows.some((r) => r.endpoint === 'page bundle' && r.target === p.id)).toBe(true);
    const keys = expectations.map(([group, endpoint]) => `${group} / ${endpoint}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...new Set(rows.map((r) => `${r.group} / ${r.endpoint}`))].sort()).toEqual([...keys].sort());
  });

  it.each(matrixRoles)('%s: every endpoint answers as the table says', async (role) => {
    const mismatches: string[] = [];
    for (const row of rows) {
      const caller =
        role === 'anonymous'
          ? undefined
          : row.freshCaller
            ? await createUser(env.t.app, role === 'disabled' ? 'super' : role, { disabled: role === 'disabled' })
            : env.users[role];
      const opts = await row.request(env, role, caller);
      const auth = caller?.headers ?? {};
      const res = await env.t.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string> | undefined), ...auth } });
      const code = res.statusCode >= 400 ? ((res.json() as { error?: { code?: string } }).error?.code ?? '?') : '';
      const expected = outcomeText[expectedOutcome(row, role)];
      const actual = res.statusCode < 300 ? '2xx' : `${res.statusCode} ${code}`;
      if (actual !== expected) mismatches.push(`${row.endpoint} ${row.target}: expected ${expected}, got ${actual}${actual === '2xx' ? '' : ` (${res.body.slice(0, 120)})`}`);
    }
    expect(mismatches).toEqual([]);
  });
});
