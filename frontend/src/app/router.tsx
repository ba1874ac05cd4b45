import { Suspense, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Box, LinearProgress } from '@mui/material';
import { Guard } from './guard';
import { MainLayout } from './layout/main-layout';
import { RootShell } from './layout/root-shell';
import { ROUTES, type AppRoute } from './route-table';
import { RouteTitleContext } from './route-title';

export function PageFallback() {
  return (
    <Box sx={{ p: 0 }}>
      <LinearProgress aria-label="Loading page" />
    </Box>
  );
}

function element(route: AppRoute): ReactNode {
  const Page = route.page;
  return (
    <Guard access={route.access}>
      <RouteTitleContext.Provider value={route.title}>
        <Suspense fallback={<PageFallback />}>
          <Page />
        </Suspense>
      </RouteTitleContext.Provider>
    </Guard>
  );
}

function toObject(route: AppRoute): RouteObject {
  return { path: route.path, element: element(route) };
}

export const routeObjects: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      ...ROUTES.filter((route) => route.layout === 'bare').map(toObject),
      { element: <MainLayout />, children: ROUTES.filter((route) => route.layout === 'main').map(toObject) },
    ],
  },
];

/**
 * The route table rendered inside `<BrowserRouter>`. No route loads data through the router (pages
 * fetch their own), so the declarative router does the job without the data router's loader and
 * action machinery, which is about a tenth of the home page's initial JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
