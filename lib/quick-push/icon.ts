/**
 * The notifications' icon (Chrome requires one for 'basic' notifications): a white padlock on blue, 48×48,
 * inline as a data URL because the extension ships no image files yet.
 */
export const QUICK_PUSH_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAAnklEQVR42u3awQ2AIAyF4W7icK7ofnrzQohYWmibv4k3MO8LiolF5KOO87p3XqKp3aHVmKjBhyBZwncRqQHZwjcIADsBWcO/CAAAANjftFfhAaMVEvC3QgFGAnohxDq89filAM85AEoCtM+z5Xsgq7ZNr20VAICogNnxAGYAlnNYAQAAAPAlBgCAX4v0CGgx0amkT1yqW1/3sEfG4zYPLwiPepuDn44AAAAASUVORK5CYII=';
