/**
 * The dashboard's one save of a setting, loaded at the first toggle of the failed-attempt notifications: its
 * first screen only reads the settings (test/build/dashboard-graph.test.ts). A module of the dashboard's own
 * is the target of that import(), so the settings' chunk the other pages share stays whole and keeps no
 * dynamic-import helper (importing lib/settings or its save.ts directly gave the viewer and the welcome
 * page one more file at open, test/build/page-files.test.ts).
 */
import { saveSettings } from '@/lib/settings';

export const saveFailedAlerts = (on: boolean) => saveSettings({ type: 'failedAlerts', on });
