/**
 * Each staff screen of shared/staff-screens.ts and the module that shows it,
 * loaded only when the screen is opened (the staff app never weighs on public
 * pages). A new screen is declared there and given its module here.
 */
import type { ComponentType } from 'react';
import type { StaffScreenId } from '../shared/staff-screens.js';

export const staffScreenModules: Record<StaffScreenId, () => Promise<ComponentType>> = {
  dashboard: async () => (await import('./admin/dashboard/dashboard-screen.js')).DashboardScreen,
  users: async () => (await import('./admin/users/users-route.js')).UsersScreen,
  'user-form': async () => (await import('./admin/user-form/user-form-route.js')).UserFormScreen,
  pages: async () => (await import('./admin/pages/pages-screen.js')).PagesScreen,
  'page-editor': async () => (await import('./admin/pages/page-editor.js')).PageEditorScreen,
  media: async () => (await import('./admin/media/media-screen.js')).MediaScreen,
  navigation: async () => (await import('./admin/navigation/navigation-screen.js')).NavigationScreen,
  translations: async () => (await import('./admin/translations/translations-screen.js')).TranslationsScreen,
  'translation-editor': async () => (await import('./admin/translations/translation-editor.js')).TranslationEditorScreen,
  'page-translation': async () => (await import('./admin/translations/page-translation-screen.js')).PageTranslationScreen,
  redirects: async () => (await import('./admin/redirects/redirects-screen.js')).RedirectsScreen,
  'site-check': async () => (await import('./admin/site-check/site-check-screen.js')).SiteCheckScreen,
  settings: async () => (await import('./admin/settings/settings-route.js')).SettingsScreen,
  backups: async () => (await import('./admin/backups/backups-screen.js')).BackupsScreen,
  audit: async () => (await import('./admin/audit/audit-screen.js')).AuditScreen,
  supporters: async () => (await import('./admin/supporters/supporters-screen.js')).SupportersScreen,
  newsletter: async () => (await import('./admin/newsletter/newsletter-screen.js')).NewsletterScreen,
  'event-registrations': async () => (await import('./admin/events/registrations-screen.js')).RegistrationsScreen,
  visits: async () => (await import('./admin/visits/visits-screen.js')).VisitsScreen,
  trash: async () => (await import('./admin/trash/trash-screen.js')).TrashScreen,
};
