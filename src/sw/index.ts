export { isPrecached, writeServiceWorker } from './write-service-worker.ts';
