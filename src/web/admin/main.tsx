import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { createRoot } from 'react-dom/client';
import { createConsole } from './router';
import './admin.css';

const { router, queryClient } = createConsole();

const root = document.getElementById('console');
if (!root) throw new Error('#console is missing from admin/index.html');

createRoot(root).render(
  <StrictMode>
    <I18nProvider locale="zh-CN">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
);
