import { t } from '@/lib/i18n';
import { Dashboard } from './Dashboard';
import { useSettings } from './useSettings';

/** The dashboard page: its heading while the settings load (or why they did not), then the dashboard. */
export function App() {
  const { settings, error } = useSettings();
  if (settings) return <Dashboard settings={settings} />;
  return (
    <main>
      <h1>{t('page_dashboardTitle')}</h1>
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
