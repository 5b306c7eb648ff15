// The browser side of the "newsletter-form" island (see templates/lib/island.tsx).
import { NewsletterForm } from '../components/NewsletterForm.tsx';
import { islandEntry } from '../lib/island-entry.tsx';

export default islandEntry(NewsletterForm);
