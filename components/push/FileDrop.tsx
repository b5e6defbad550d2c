import { useState } from 'preact/hooks';
import type { FileEntry } from '@/lib/push/form';
import { formatSize } from '@/lib/push/size';
import { MAX_FILES } from '@/lib/contract';
import { described, FieldError } from './FieldError';

export interface FileDropProps {
  files: FileEntry[];
  onAdd: (files: File[]) => void;
  onRemove: (id: number) => void;
  errors?: string[];
  /** Shown above the picker, e.g. that sending files needs an API token. */
  notice?: string;
}

/** Pick or drop up to 10 files; each is listed with its size and a button to remove it. */
export function FileDrop({ files, onAdd, onRemove, errors, notice }: FileDropProps) {
  const [over, setOver] = useState(false);
  const full = files.length >= MAX_FILES;
  return (
    <div class="sp-field">
      {notice && <p class="sp-warning">{notice}</p>}
      <div
        class={over ? 'sp-drop sp-over' : 'sp-drop'}
        onDragOver={(e) => {
          e.preventDefault(); // required for the drop event to fire
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          onAdd([...(e.dataTransfer?.files ?? [])]);
        }}
      >
        <label for="sp-files">Files</label>
        <input
          id="sp-files"
          type="file"
          multiple
          disabled={full}
          onChange={(e) => {
            onAdd([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = ''; // so picking the same file again still reports a change
          }}
          {...described('files', errors, 'sp-files-hint')}
        />
        <p id="sp-files-hint" class="sp-hint">
          Drop files here or pick them: up to {MAX_FILES}.
        </p>
      </div>
      {files.length > 0 && (
        <ul class="sp-files" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              <span class="sp-name">{file.name}</span> <span class="sp-hint">{formatSize(file.size)}</span>
              <button type="button" aria-label={`Remove ${file.name}`} onClick={() => onRemove(file.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError field="files" messages={errors} />
    </div>
  );
}
