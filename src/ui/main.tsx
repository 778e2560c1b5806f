import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { composeApp } from './app/compositionRoot';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { services, router } = composeApp();
createRoot(container).render(
  <StrictMode>
    <App services={services} router={router} />
  </StrictMode>,
);
