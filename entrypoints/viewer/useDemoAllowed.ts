import { useEffect, useState } from 'preact/hooks';
import { demoModeAllowed, followSettings, NO_POLICY, type SettingsRead } from '@/lib/settings/read';

/**
 * Whether the organization's policy allows the demo service this page shows, followed as the policy
 * changes (a policy that forbids it also deletes the demo's pushes). null until the policy has been read.
 */
export function useDemoAllowed(): boolean | null {
  const [allowed, setAllowed] = useState<boolean | null>(null);
  useEffect(() => {
    const take = ({ policy }: SettingsRead) => setAllowed(demoModeAllowed((policy ?? NO_POLICY).policy));
    return followSettings(take, {
      underPolicy: true,
      now: true,
      onError: (error: unknown) => console.error('Could not read the policy', error),
    });
  }, []);
  return allowed;
}
