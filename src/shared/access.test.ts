import { describe, expect, it } from 'vitest';
import { chooseLayout, guardAllows, can, type Principal } from './access.js';

const user = (admin: boolean, sup: boolean): Principal => ({ uid: 'u', email: 'e@x.org', claims: { admin, super: sup } });

describe('layout rule (admin claim → AdminLayout, else super → SuperLayout, no claims → PublicLayout)', () => {
  it('admin claim gives AdminLayout, even with super', () => {
    expect(chooseLayout('PublicLayout', { admin: true, super: false })).toBe('AdminLayout');
    expect(chooseLayout('PublicLayout', { admin: true, super: true })).toBe('AdminLayout');
  });
  it('super claim alone gives SuperLayout', () => {
    expect(chooseLayout('PublicLayout', { admin: false, super: true })).toBe('SuperLayout');
  });
  it('no claims or signed out gives PublicLayout', () => {
    expect(chooseLayout('SuperLayout', null)).toBe('PublicLayout');
    expect(chooseLayout('AdminLayout', {})).toBe('PublicLayout');
  });
  it('claims present but neither set leaves the layout unchanged', () => {
    expect(chooseLayout('SuperLayout', { admin: false, super: false })).toBe('SuperLayout');
    expect(chooseLayout('AdminLayout', { admin: false })).toBe('AdminLayout');
  });
});

describe('guard: an OR over the route\'s marks', () => {
  it('is an OR over the marks', () => {
    expect(guardAllows(['admin', 'super'], { admin: true, super: false })).toBe(true);
    expect(guardAllows(['admin', 'super'], { admin: false, super: true })).toBe(true);
    expect(guardAllows(['super'], { admin: true, super: false })).toBe(false);
  });
  it('refuses, without crashing, a user with no claims', () => {
    expect(guardAllows(['admin'], null)).toBe(false);
    expect(guardAllows(['admin'], undefined)).toBe(false);
    expect(guardAllows(['admin'], { admin: false, super: false })).toBe(false);
  });
});

describe('policy table', () => {
  it('keeps customers private and items super-only', () => {
    expect(can(null, 'read', { type: 'collection', name: 'customer' })).toBe(false);
    expect(can(user(true, false), 'read', { type: 'collection', name: 'customer' })).toBe(true);
    expect(can(user(true, false), 'create', { type: 'collection', name: 'item' })).toBe(false);
    expect(can(user(false, true), 'create', { type: 'collection', name: 'item' })).toBe(true);
    expect(can(null, 'read', { type: 'collection', name: 'item' })).toBe(true);
  });
  it('lets only super manage users and settings', () => {
    expect(can(user(true, false), 'read', { type: 'users' })).toBe(false);
    expect(can(user(false, true), 'delete', { type: 'users' })).toBe(true);
    expect(can(user(true, false), 'update', { type: 'settings' })).toBe(false);
    expect(can(null, 'read', { type: 'settings' })).toBe(true);
  });
  it('gives a user without claims nothing a visitor does not have', () => {
    expect(can(user(false, false), 'create', { type: 'collection', name: 'home' })).toBe(false);
    expect(can(user(false, false), 'readDrafts', { type: 'collection', name: 'home' })).toBe(false);
  });
  it('refuses unknown collections', () => {
    expect(can(user(false, true), 'read', { type: 'collection', name: 'nope' })).toBe(false);
  });
});
