/** Types of browsers.mjs, for the TypeScript tests that use it. */
export interface WantedPackage {
  /** The file the package provides. */
  path: string;
  /** The Debian package that provides it. */
  pkg: string;
}

/** Installs what is missing where the machine allows it; a problem to report, or undefined when all is there. */
export function ensurePackages(wanted: WantedPackage[]): string | undefined;
