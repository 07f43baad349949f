import { createRoot } from 'react-dom/client';

/** The floor of the bundle rows: the least a React 19 page built with this Vite can send. */
const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>上海寺院</h1>);
