// The title of the route being shown (the `title` of its route-table line), for pages that serve
// several routes and name themselves after the one opened.
import { createContext, useContext } from 'react';

export const RouteTitleContext = createContext<string | undefined>(undefined);

export function useRouteTitle(): string {
  return useContext(RouteTitleContext) ?? '';
}
