import { Icon, type IconProps } from './Icon';

/** Done, e.g. a copy that succeeded (Lucide: check). */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  );
}
