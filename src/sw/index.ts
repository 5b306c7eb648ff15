export { writeServiceWorker } from './write-service-worker.ts';
