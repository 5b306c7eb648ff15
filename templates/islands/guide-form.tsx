// The browser side of the "guide-form" island (see templates/lib/island.tsx).
import { GuideForm } from '../components/GuideForm.tsx';
import { islandEntry } from '../lib/island-entry.tsx';

export default islandEntry(GuideForm);
