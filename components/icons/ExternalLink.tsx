import { Icon, type IconProps } from './Icon';

/** Opens in a new tab (Lucide: external-link); it points out towards the end, so it mirrors right to left. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props} class={props.class ? `sp-icon-directional ${props.class}` : 'sp-icon-directional'}>
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </Icon>
  );
}
