/**
 * Errors shown next to their field. The field points at them with aria-describedby (see `described`), and
 * role=alert makes a screen reader announce them when they appear after a submit.
 */
export function errorId(field: string): string {
  return `sp-error-${field}`;
}

export interface FieldErrorProps {
  field: string;
  messages?: string[];
}

export function FieldError({ field, messages }: FieldErrorProps) {
  if (!messages?.length) return null;
  return (
    <div id={errorId(field)} role="alert" class="sp-error">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** aria-invalid and aria-describedby for a field, joining its hint (if any) with its errors (if any). */
export function described(field: string, messages: string[] | undefined, hintId?: string) {
  const invalid = Boolean(messages?.length);
  const ids = [hintId, invalid ? errorId(field) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
}
