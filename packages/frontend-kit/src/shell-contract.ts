/**
 * The contract between the shell and the remotes it mounts. The shell owns the five layouts and the
 * 404 screen and hands them to a remote's route component as props, so remote screens sit in the same
 * frame as the shell's own. Remotes cannot import their host, so the contract lives here, shared by
 * the shell and every remote at build time.
 */
import type { ComponentType, ReactNode } from 'react';
import type { SessionUser } from '@civic/contracts';

/** Props every layout takes: the screen's translated title (its one h1) and intro sentence. */
export interface ScreenLayoutProps {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/** One card of a cards-list layout: a link to a screen with a short description. */
export interface CardItem {
  to: string;
  title: string;
  description: string;
}

export interface CardsListLayoutProps extends ScreenLayoutProps {
  cards: readonly CardItem[];
}

export interface ListLayoutProps extends ScreenLayoutProps {
  /** Controls above the list (filters, actions). */
  toolbar?: ReactNode;
}

export interface ProfileLayoutProps extends ScreenLayoutProps {
  userId: string;
  userName: string;
}

/** The five layouts of the platform. */
export interface ShellLayouts {
  cardsList: ComponentType<CardsListLayoutProps>;
  default: ComponentType<ScreenLayoutProps>;
  list: ComponentType<ListLayoutProps>;
  profile: ComponentType<ProfileLayoutProps>;
  singleColumn: ComponentType<ScreenLayoutProps>;
}

/** Props of an exposed route-level component (`decisions/DecisionsRoutes`, `elections/ElectionsRoutes`). */
export interface RemoteRoutesProps {
  layouts: ShellLayouts;
  /** The shell's 404 screen, for paths under a remote's prefix that the remote does not know. */
  NotFound: ComponentType;
}

/** The shared confirmation modal (docs/product.md#shell-behaviour): No / Yes. Texts already translated. */
export interface ShellConfirmOptions {
  title: string;
  message?: ReactNode;
  /** Default "Yes" / "No" in the reader's language. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Styles Yes as a destructive action (deletion). */
  danger?: boolean;
}

/** One snackbar message (docs/product.md#shell-behaviour): 4000 ms by default, not dismissible by default. */
export interface ShellSnackbarOptions {
  message: string;
  kind?: 'info' | 'success' | 'error';
  /** Milliseconds on screen; default 4000; 0 keeps it until dismissed. */
  duration?: number;
  dismissible?: boolean;
}

export interface ShellSnackbar {
  show: (options: ShellSnackbarOptions) => number;
  dismiss: (id: number) => void;
  /** The translated message of a failed call (docs/product.md#errors), with its date and time when it carries one. */
  showError: (error: unknown, options?: Omit<ShellSnackbarOptions, 'message' | 'kind'>) => number;
}

/** The date display formats of docs/product.md#content-and-fields (see `@civic/frontend-kit/dates`). */
export type ShellDateFormat = 'short' | 'long' | 'numeric' | 'hours' | 'currentYear';

/**
 * What the shell lends every remote besides its layouts: the one confirmation modal, the one snackbar
 * and the date formats in the reader's language. Optional so a remote built before they existed
 * still type-checks; the shell always passes them.
 */
export interface ShellServices {
  /** Resolves true for Yes, false for No, Escape or a click outside. */
  confirm: (options: ShellConfirmOptions) => Promise<boolean>;
  snackbar: ShellSnackbar;
  formatDate: (date: Date | string | number, format: ShellDateFormat) => string;
  /**
   * Tells the shell a lazy chunk of the remote failed to load: the page reloads at most once per path
   * in 10 seconds (docs/product.md#shell-behaviour). Answers true when a reload is under way.
   */
  reportChunkError: (error: unknown) => boolean;
  /**
   * The session user as the shell knows it (null for a visitor), once its own restore has answered:
   * the remote asks the shell instead of calling POST /api/login/auth-user again. Optional: a shell
   * without it leaves the remote to ask the service.
   */
  session?: () => Promise<SessionUser | null>;
}

export interface RemoteRoutesProps {
  /** The shell's modal, snackbar, date formats and reload guard. */
  services?: ShellServices;
}
