import { useEffect, useState } from 'preact/hooks';
import { DemoBanner } from '@/components/DemoBanner';
import { describeError } from '@/lib/api';
import { AppError } from '@/lib/errors';
import { parseViewerHash, type ViewerRoute } from '@/lib/demo/viewer';
import { t } from '@/lib/i18n';
import { FileViewer } from './FileViewer';
import { PushViewer } from './PushViewer';
import { useDemoAllowed } from './useDemoAllowed';

// A link the viewer does not serve (or cannot read) gets its words, never a guess at another route. Said when
// shown, not at load: the words are the UI language's.
const badLink = () => describeError(new AppError('bad-link', 'The viewer does not serve this link.'));

function routeView(route: ViewerRoute) {
  switch (route.kind) {
    case 'push':
      return (
        <PushViewer key={route.urlToken} urlToken={route.urlToken} retrievalStep={route.retrievalStep} />
      );
    case 'file':
      return <FileViewer key={route.path} path={route.path} name={route.name} />;
    case 'invalid':
      return <p role="alert">{badLink()}</p>;
  }
}

/** The route in location.hash, followed as it changes. */
function useHashRoute(): ViewerRoute {
  const [route, setRoute] = useState(() => parseViewerHash(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseViewerHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/** The recipient page of the built-in demo service (html_url in demo mode). */
export function App() {
  const route = useHashRoute();
  const allowed = useDemoAllowed();
  return (
    <main>
      {/* The viewer only ever talks to the built-in demo service. */}
      {allowed !== false && <DemoBanner settingsHref={browser.runtime.getURL('/options.html')} />}
      <h1>{t('app_name')}</h1>
      {/* Policy first: nothing of the demo until the policy is read, and nothing once it forbids demo mode. */}
      {allowed === null && (
        <p class="help" aria-busy="true">
          {t('settings_gettingReady')}
        </p>
      )}
      {allowed === false && <p role="alert">{t('policy_demoNotAllowed')}</p>}
      {allowed === true && routeView(route)}
    </main>
  );
}
