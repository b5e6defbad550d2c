import { useEffect, useRef, useState } from 'preact/hooks';
import type { FileEntry } from '@/lib/push/form';
import { formatSize } from '@/lib/format/size';
import { MAX_FILES } from '@/lib/contract';
import { plural, t, uiLocale } from '@/lib/i18n';
import { described, FieldError } from './FieldError';
import './files.css';
import './sr.css';
import { UploadIcon } from '@/components/icons';

export interface FileDropProps {
  files: FileEntry[];
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  errors?: string[];
  /**
   * Set when files cannot be sent (no API token): the zone says why, links here (Settings), and takes no
   * file by any way (picker, drop or paste).
   */
  needsTokenHref?: string;
}

/** Files pasted anywhere on the page while the zone is shown (Ctrl+V of a copied file). */
function usePastedFiles(enabled: boolean, onAdd: (files: File[]) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      onAdd(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [enabled, onAdd]);
}

function FileList({ files, onRemove }: Pick<FileDropProps, 'files' | 'onRemove'>) {
  return (
    <ul class="sp-files" aria-label={t('push_attachedFiles')}>
      {files.map((file) => (
        <li key={file.id}>
          <span class="sp-name">{file.name}</span>{' '}
          <span class="sp-hint">{formatSize(file.size, uiLocale())}</span>
          <button
            type="button"
            aria-label={t('push_removeFile', file.name)}
            onClick={() => onRemove(file.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A drop zone (drag, click or paste) for up to 10 files; each is listed with its size and a remove button. */
export function FileDrop({ files, onAdd, onRemove, errors, needsTokenHref }: FileDropProps) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const blocked = needsTokenHref !== undefined;
  const closed = blocked || files.length >= MAX_FILES;
  usePastedFiles(!closed, onAdd);
  return (
    <div class="sp-field">
      {/* Named for assistive technology; on screen the tab above already says "Files". */}
      <label for="sp-files" class="sp-sr">
        {t('push_fieldFiles')}
      </label>
      {blocked && (
        <p class="sp-warning" id="sp-files-why">
          {t('push_filesNeedToken')}{' '}
          <a href={needsTokenHref} target="_blank" rel="noopener">
            {t('push_addTokenInSettings')}
          </a>
        </p>
      )}
      <div
        class={`sp-drop${over ? ' sp-over' : ''}${closed ? ' sp-closed' : ''}`}
        onClick={() => !closed && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault(); // required for the drop event to fire
          if (!closed) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!closed) onAdd([...(e.dataTransfer?.files ?? [])]);
        }}
      >
        <input
          ref={input}
          id="sp-files"
          class="sp-sr"
          type="file"
          multiple
          disabled={closed}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => {
            onAdd([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = ''; // so picking the same file again still reports a change
          }}
          {...described('files', errors, blocked ? 'sp-files-why' : 'sp-files-hint')}
        />
        <p id="sp-files-hint" class="sp-drop-text" aria-hidden="true">
          <UploadIcon size={20} />
          <strong>{t('push_dropFiles')}</strong>
          {t('push_dropFilesOr')}
        </p>
        <p class="sp-hint">{plural('push_upToFiles', MAX_FILES)}</p>
      </div>
      {files.length > 0 && <FileList files={files} onRemove={onRemove} />}
      <FieldError field="files" messages={errors} />
    </div>
  );
}
