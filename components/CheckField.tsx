import type { ComponentChildren } from 'preact';

export interface CheckFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The label's class: the page's own name for a checkbox row. */
  class?: string;
  /** The label text. */
  children: ComponentChildren;
}

/** A checkbox inside its label, reporting the new state. */
export function CheckField({
  checked,
  onChange,
  disabled,
  class: className = 'check',
  children,
}: CheckFieldProps) {
  return (
    <label class={className}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {children}
    </label>
  );
}
