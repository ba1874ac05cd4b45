import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Box, LinearProgress } from '@mui/material';
import { Guard } from './guard';
import { MainLayout } from './layout/main-layout';
import { RootShell } from './layout/root-shell';
import { ROUTES, type AppRoute } from './route-table';

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
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    </Guard>
  );
}

function toObject(route: AppRoute): RouteObject {
  return { path: route.path, element: element(route), handle: { title: route.title } };
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

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
