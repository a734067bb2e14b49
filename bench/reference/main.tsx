// The reference page's entry: hydrates the HTML the bench rendered at build time (page.tsx).
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ReferencePage } from './page';

const root = document.getElementById('root');
if (!root) throw new Error('the reference page has no #root');
hydrateRoot(
  root,
  <StrictMode>
    <ReferencePage />
  </StrictMode>,
);
