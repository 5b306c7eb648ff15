// The browser side of the "contact-form" island (see templates/lib/island.tsx).
import { ContactForm } from '../components/ContactForm.tsx';
import { islandEntry } from '../lib/island-entry.tsx';

export default islandEntry(ContactForm);
