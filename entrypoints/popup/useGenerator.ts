import { useState } from 'preact/hooks';
import { announce } from '@/components/announce';
import type { Generator } from '@/components/generator/SecretTool';
import type { GeneratorChoice } from '@/lib/generator';
import { t } from '@/lib/i18n';

/** lib/generator loads on the first use of the wand or its panel, never as the popup opens. */
const load = () => import('@/lib/generator');

/**
 * The secret generator's container: reads and saves the panel's choices, makes values with them. A value
 * goes only into the form's state (never to storage) and to `onMade`, which the hand-off uses to keep it
 * with the push's result once created (useHandoff.ts); `report` shows a failure as the form's notice.
 */
export function useGenerator(report: (error: unknown) => void, onMade: (value: string) => void): Generator {
  const [choice, setChoice] = useState<GeneratorChoice>();
  const [panelOpen, setPanelOpen] = useState(false);

  const current = async () => choice ?? (await (await load()).readChoice());
  const made = (fill: (value: string) => void) => (value: string) => {
    onMade(value);
    fill(value);
  };

  const generate = (fill: (value: string) => void) => {
    void (async () => {
      const lib = await load();
      const used = await current();
      setChoice(used);
      made(fill)(await lib.newSecret(used));
    })().catch(report);
  };

  const togglePanel = () => {
    if (panelOpen) return setPanelOpen(false);
    current().then((read) => {
      setChoice(read);
      setPanelOpen(true);
    }, report);
  };

  const choose = (next: GeneratorChoice, fill: (value: string) => void) => {
    setChoice(next);
    void (async () => {
      const lib = await load();
      await lib.saveChoice(next);
      made(fill)(await lib.newSecret(next));
    })().catch(report);
  };

  // The clipboard's module (and its later clearing) loads with the first copy, as the result's does.
  const copy = (value: string) =>
    import('@/lib/clipboard')
      .then(({ copyText }) => copyText(value))
      .then(() => announce(t('popup_secretCopied')))
      .catch((error: unknown) => {
        report(error);
        throw error;
      });

  return { generate, panelOpen, togglePanel, choice, choose, copy };
}
