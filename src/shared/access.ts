/**
 * The access policy (docs/security.md, "V8 Authorization"): one table, used by every server
 * route and read by the staff app to show or hide what a user may do.
 */
import { declarationOf, readAccessOf, removeAccessOf, sectionCollectionPattern, writeAccessOf } from './registry-index.js';

export interface Claims {
  admin: boolean;
  super: boolean;
}

/** Who is calling: null for a visitor who is not signed in. */
export interface Principal {
  uid: string;
  email: string;
  claims: Claims;
}

export type Role = 'anonymous' | 'none' | 'admin' | 'super';
export const roles: readonly Role[] = ['anonymous', 'none', 'admin', 'super'];

export type Action = 'read' | 'readDrafts' | 'create' | 'update' | 'delete';

export type Subject =
  | { type: 'collection'; name: string }
  | { type: 'users' }
  | { type: 'settings' }
  | { type: 'media' }
  | { type: 'backups' }
  /** Deleted blocks: staff see and restore what they may delete; emptying it is for super-admins. */
  | { type: 'trash' }
  | { type: 'audit' }
  /** Preview links and the Pages screen: what every page will look like, drafts included. */
  | { type: 'preview' }
  /** The site check: every accessibility finding across the published site. */
  | { type: 'site-check' }
  /** The people who wrote to the organisation and their answers (shared/supporters.ts): staff read and export, super-admins erase. */
  | { type: 'supporters' }
  /** Registrations for events (shared/events.ts): staff read and change them. */
  | { type: 'registrations' }
  /** The newsletter's issues and subscribers (shared/newsletter.ts): staff write, send and list them; erasure is the supporters'. */
  | { type: 'newsletters' }
  /** Which public pages people read (shared/visits.ts): staff read the counts; nobody writes them through the API. */
  | { type: 'visits' };

/** The caller's role: a signed-in caller's is one of an account's roles (shared/users.ts `UserRole`). */
export function roleOf(principal: Principal): Exclude<Role, 'anonymous'>;
export function roleOf(principal: Principal | null): Role;
export function roleOf(principal: Principal | null): Role {
  if (!principal) return 'anonymous';
  if (principal.claims.super) return 'super';
  if (principal.claims.admin) return 'admin';
  return 'none';
}

const everyone: readonly Role[] = roles;
const staff: readonly Role[] = ['admin', 'super'];
const superOnly: readonly Role[] = ['super'];

type Table = Record<Action, readonly Role[]>;

const usersPolicy: Table = { read: superOnly, readDrafts: superOnly, create: superOnly, update: superOnly, delete: superOnly };
const settingsPolicy: Table = { read: everyone, readDrafts: superOnly, create: superOnly, update: superOnly, delete: superOnly };
const mediaPolicy: Table = { read: everyone, readDrafts: staff, create: staff, update: staff, delete: staff };
const trashPolicy: Table = { read: staff, readDrafts: staff, create: superOnly, update: staff, delete: superOnly };
/** Backups hold every account's password hash and every draft: super-admins only, reading included. */
const backupsPolicy: Table = { read: superOnly, readDrafts: superOnly, create: superOnly, update: superOnly, delete: superOnly };
/** The audit log: super-admins read it; nobody changes it through the API (the server appends, the command line prunes). */
const auditPolicy: Table = { read: superOnly, readDrafts: superOnly, create: [], update: [], delete: [] };
/** A preview shows unpublished changes: staff make, list and revoke links (visitors only open them, by token). */
const previewPolicy: Table = { read: staff, readDrafts: staff, create: staff, update: staff, delete: staff };

/** Staff read the site check; it changes nothing, so nobody writes it. */
const siteCheckPolicy: Table = { read: staff, readDrafts: staff, create: [], update: [], delete: [] };

/** People and their answers: staff read and download them; erasing a person is the super-admin's (nobody creates or edits one through the API). */
const supportersPolicy: Table = { read: staff, readDrafts: staff, create: [], update: [], delete: superOnly };

/** Registrations for events: staff list, download, mark attendance, move people and mail them; nobody deletes one through the API (retention and erasure do). */
const registrationsPolicy: Table = { read: staff, readDrafts: staff, create: staff, update: staff, delete: [] };

/** The newsletter: staff write and send issues, list, import and export subscribers; nobody deletes through it (a person's erasure does). */
const newslettersPolicy: Table = { read: staff, readDrafts: staff, create: staff, update: staff, delete: [] };
/** Counts of page views: staff read them; the server alone writes and deletes them. */
const visitsPolicy: Table = { read: staff, readDrafts: staff, create: [], update: [], delete: [] };

/** The blocks of a section editors added to a page: like every page's blocks (whether the section exists is the server's structure's business). */
const sectionPolicy: Table = { read: everyone, readDrafts: staff, create: staff, update: staff, delete: staff };

function collectionPolicy(name: string): Table | null {
  const d = declarationOf(name);
  if (!d) return sectionCollectionPattern.test(name) ? sectionPolicy : null;
  const writers = writeAccessOf(d) === 'super' ? superOnly : staff;
  return {
    read: readAccessOf(d) === 'public' ? everyone : staff,
    readDrafts: staff,
    create: writers,
    update: writers,
    delete: removeAccessOf(d) === 'super' ? superOnly : writers,
  };
}

export function policyFor(subject: Subject): Table | null {
  switch (subject.type) {
    case 'users':
      return usersPolicy;
    case 'settings':
      return settingsPolicy;
    case 'media':
      return mediaPolicy;
    case 'backups':
      return backupsPolicy;
    case 'preview':
      return previewPolicy;
    case 'trash':
      return trashPolicy;
    case 'audit':
      return auditPolicy;
    case 'site-check':
      return siteCheckPolicy;
    case 'supporters':
      return supportersPolicy;
    case 'registrations':
      return registrationsPolicy;
    case 'newsletters':
      return newslettersPolicy;
    case 'visits':
      return visitsPolicy;
    case 'collection':
      return collectionPolicy(subject.name);
  }
}

/** May this principal do this action on this subject? */
export function can(principal: Principal | null, action: Action, subject: Subject): boolean {
  const table = policyFor(subject);
  if (!table) return false;
  return table[action].includes(roleOf(principal));
}

/** What the caller may do with a subject, for the UI to hide what it cannot use. */
export function abilities(principal: Principal | null, subject: Subject): Record<Action, boolean> {
  return {
    read: can(principal, 'read', subject),
    readDrafts: can(principal, 'readDrafts', subject),
    create: can(principal, 'create', subject),
    update: can(principal, 'update', subject),
    delete: can(principal, 'delete', subject),
  };
}

/** Route marks: the guard is an OR over the route's marks. */
export type RouteMark = 'admin' | 'super';

/**
 * The marks of a staff screen: the roles the policy lets do the screen's action
 * on its subject (`update` for a screen that changes it; `read` for one that
 * only shows it, such as the audit log).
 */
export function routeMarksOf(subject: Subject, action: Action = 'update'): readonly RouteMark[] {
  const allowed = policyFor(subject)?.[action] ?? [];
  return allowed.filter((r): r is RouteMark => r === 'admin' || r === 'super');
}

export function guardAllows(marks: readonly RouteMark[], claims: Claims | null | undefined): boolean {
  // A user with no claims is signed in without rights, never a failure.
  if (!claims) return false;
  return (marks.includes('admin') && claims.admin === true) || (marks.includes('super') && claims.super === true);
}

export type LayoutName = 'PublicLayout' | 'AdminLayout' | 'SuperLayout';

/**
 * The layout rule (docs/spec-conformance.md, "States and transitions"), exactly: admin claim gives AdminLayout;
 * otherwise super gives SuperLayout; no claims or signed out gives
 * PublicLayout; claims present but neither set leaves the layout unchanged.
 */
export function chooseLayout(current: LayoutName, claims: Partial<Claims> | null | undefined): LayoutName {
  if (!claims) return 'PublicLayout';
  const keys = Object.keys(claims);
  if (keys.length === 0) return 'PublicLayout';
  if (claims.admin) return 'AdminLayout';
  if (claims.super) return 'SuperLayout';
  return current;
}
