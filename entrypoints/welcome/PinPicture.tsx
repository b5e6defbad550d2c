import { t } from '@/lib/i18n';

/**
 * How to pin the toolbar button, as a picture (issue 20: it was only grey small print at the page's foot):
 * the browser's Extensions button (the puzzle piece), its menu with Secret Push, and the pin beside it,
 * numbered in the order they are clicked. Drawn in the page's own colours, so it follows both schemes.
 */
export function PinPicture() {
  return (
    <svg
      class="pin-picture"
      viewBox="0 0 360 150"
      width={360}
      height={150}
      role="img"
      aria-label={t('welcome_pinPicture')}
    >
      {/* The toolbar: the address field, then the Extensions button. */}
      <rect x="1" y="1" width="358" height="40" rx="8" class="pin-bar" />
      <rect x="12" y="10" width="250" height="22" rx="11" class="pin-field" />
      <g transform="translate(300 9)" class="pin-line">
        <path d="M9 2a2 2 0 0 1 4 0v2h4v4h2a2 2 0 0 1 0 4h-2v6h-6v-2a2 2 0 0 0-4 0v2H1v-6h2a2 2 0 0 0 0-4H1V4h8z" />
      </g>
      <circle cx="334" cy="12" r="9" class="pin-step" />
      <text x="334" y="16" class="pin-step-n">
        1
      </text>
      {/* The Extensions menu, with Secret Push and its pin. */}
      <rect x="150" y="50" width="208" height="90" rx="8" class="pin-menu" />
      <image href="/icon/32.png" x="164" y="80" width="24" height="24" />
      <text x="198" y="97" class="pin-name">
        {t('app_name')}
      </text>
      <g transform="translate(312 80)" class="pin-line pin-accent">
        <path d="M12 17v5M9 10.76a2 2 0 0 1-1.11 1.79l-1.78.9A2 2 0 0 0 5 15.24V16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-.76a2 2 0 0 0-1.11-1.79l-1.78-.9A2 2 0 0 1 15 10.76V7a1 1 0 0 1 1-1 2 2 0 0 0 0-4H8a2 2 0 0 0 0 4 1 1 0 0 1 1 1z" />
      </g>
      <circle cx="344" cy="78" r="9" class="pin-step" />
      <text x="344" y="82" class="pin-step-n">
        2
      </text>
    </svg>
  );
}
