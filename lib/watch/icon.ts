/** The notification icon, inline: Chrome requires iconUrl on a basic notification, and the extension ships no image yet. */
export const NOTIFICATION_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAARklEQVR42mP4T2PAMGoBSRaoJr+mChq1YNSCgbEAaxqnmgV48hEVLCCYV0ctGLVg4C2geT6gR04eLU1HLSDegtGm44BYAAD8+CXK8tNgTQAAAABJRU5ErkJggg==';
