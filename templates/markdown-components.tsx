import { CallToAction } from './components/CallToAction.tsx';
import { EmbedFrame } from './components/EmbedFrame.tsx';
import { Note } from './components/Note.tsx';

/** Custom elements that markdown directives produce (see src/markdown/remark-components.ts). */
export const markdownComponents = {
  'cta-box': CallToAction,
  'note-box': Note,
  'embed-frame': EmbedFrame,
};
