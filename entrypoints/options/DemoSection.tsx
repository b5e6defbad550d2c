import { DemoModeSwitch } from '@/components/settings/DemoModeSwitch';
import { ManagedNote } from '@/components/settings/PolicyNotice';
import { t } from '@/lib/i18n';
import { useDemoToggle } from './useDemoToggle';

/** The demo mode switch, saved at once; disabled, with a line saying why, when the organization forbids it. */
export function DemoSection(props: { on: boolean; allowed: boolean; onChange: () => void }) {
  const { demoError, onToggleDemo } = useDemoToggle(props.onChange);
  return (
    <>
      <DemoModeSwitch on={props.on} busy={!props.allowed} error={demoError} onToggle={onToggleDemo} />
      {!props.allowed && <ManagedNote text={t('policy_demoNotAllowed')} />}
    </>
  );
}
