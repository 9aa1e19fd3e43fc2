import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './app/styles/base.css';
import './app/styles/layout.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html saknar #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
