/**
 * The contract between the shell and the remotes it mounts. The shell owns the five layouts and the
 * 404 screen and hands them to a remote's route component as props, so remote screens sit in the same
 * frame as the shell's own. Remotes cannot import their host, so the contract lives here, shared by
 * the shell and every remote at build time.
 */
import type { ComponentType, ReactNode } from 'react';

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
