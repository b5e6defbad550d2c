/** The export buttons: the shown list at once, or its audit logs read one after another first. */
import { useState } from 'preact/hooks';
import type { ExportFormat, ExportWhat } from '@/components/dashboard/ExportMenu';
import { describeError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { auditCsv, auditJson, exportFileName, pushesCsv, pushesJson } from '@/lib/export';
import type { TrackedPush } from '@/lib/watch/types';
import { downloadText, fetchAudits } from './files';

export interface Export {
  busy: boolean;
  status?: string;
  onExport: (what: ExportWhat, format: ExportFormat) => void;
}

/** `shown` is what the filters show; only the pushes `canAudit` accepts have an audit log to export. */
export function useExport(shown: TrackedPush[], canAudit: (push: TrackedPush) => boolean): Export {
  const [state, setState] = useState<{ busy: boolean; status?: string }>({ busy: false });
  const onExport = (what: ExportWhat, format: ExportFormat) => {
    const at = Date.now();
    const fileName = exportFileName(what, format, at);
    if (what === 'pushes') {
      downloadText(format === 'csv' ? pushesCsv(shown, at) : pushesJson(shown, at), fileName, format);
      setState({ busy: false, status: t('export_saved', fileName) });
      return;
    }
    setState({ busy: true, status: t('export_reading') });
    fetchAudits(shown.filter(canAudit), (done, total) =>
      setState({ busy: true, status: t('export_readingProgress', done, total) }),
    ).then(
      (list) => {
        downloadText(format === 'csv' ? auditCsv(list) : auditJson(list, at), fileName, format);
        setState({ busy: false, status: t('export_saved', fileName) });
      },
      (error: unknown) => setState({ busy: false, status: t('export_failed', describeError(error)) }),
    );
  };
  return { ...state, onExport };
}
