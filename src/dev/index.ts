export { serveSite, resolveRequestPath, type ServeOptions } from './serve-site.ts';
