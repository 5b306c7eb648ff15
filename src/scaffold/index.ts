// `agency-site new post`: writes a draft post from its title. Not a check: it writes into site/.
export { scaffoldPost, postSlug, postTemplate, today, type ScaffoldPostOptions } from './scaffold-post.ts';
