// docs/architecture.md#staff: the console is its own page (admin.html), so the shop's first load carries none
// of it. The base styles come first so each component's own CSS, imported below them, wins ties.
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminRoot } from './app/admin-root';

const container = document.getElementById('root');
if (!container) throw new Error('admin.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AdminRoot />
  </StrictMode>,
);
