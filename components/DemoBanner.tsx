/**
 * Shown at the top of every page while demo mode is on, so nobody mistakes a demo link for a real one.
 * Self-contained colours (light-dark()), because each page has its own stylesheet.
 */
export interface DemoBannerProps {
  /** Where the user turns demo mode off; omitted on the settings page itself. */
  settingsHref?: string;
}

export function DemoBanner({ settingsHref }: DemoBannerProps) {
  return (
    <p
      role="status"
      class="demo-banner"
      style={{
        colorScheme: 'light dark',
        margin: '0 0 1rem',
        padding: '0.5rem 0.75rem',
        borderRadius: '6px',
        border: '1px solid light-dark(#d4a72c, #9e7700)',
        background: 'light-dark(#fff8c5, #3b2f00)',
        color: 'light-dark(#4d3800, #f5e3a3)',
      }}
    >
      <strong>Demo mode is on</strong> — pushes stay in this browser.
      {settingsHref && (
        <>
          {' '}
          <a href={settingsHref} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
            Use a real server
          </a>
        </>
      )}
    </p>
  );
}
