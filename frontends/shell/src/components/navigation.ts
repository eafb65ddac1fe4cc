import { useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Calls `onNavigate` while rendering after the address's path changed: a link followed from a menu
 * or the drawer closes it. State set here is set during the render, before anything is painted.
 */
export function useOnNavigation(onNavigate: () => void): void {
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    onNavigate();
  }
}
