import { Icon, type IconProps } from './Icon';

/** Delete (Lucide: trash-2). */
export function TrashIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2M3 6h18M10 11v6M14 11v6" />
    </Icon>
  );
}
