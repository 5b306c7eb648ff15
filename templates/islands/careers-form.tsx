// The browser side of the "careers-form" island (see templates/lib/island.tsx).
import { CareersForm } from '../components/CareersForm.tsx';
import { islandEntry } from '../lib/island-entry.tsx';

export default islandEntry(CareersForm);
