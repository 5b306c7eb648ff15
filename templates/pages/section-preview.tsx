import type { PageProps } from '../../src/shared/template-contract.ts';
import { Section } from '../sections/index.tsx';
import type { Item } from '../sections/types.ts';

interface Data {
  page: { section: string; title: string };
  collections: Record<string, Item[] | undefined>;
}

/** One landing section alone, for review and embedding (noindex; the page's own h1 names it). */
export default function SectionPreview({ data }: PageProps<Data>) {
  return (
    <>
      {/* The hero brings its own h1; every other section gets one that names the preview. */}
      {data.page.section === 'hero' ? null : <h1 className="visually-hidden">{data.page.title}</h1>}
      <Section on="preview" field={['section']} section={{ kind: data.page.section }} index={0} collections={data.collections} />
    </>
  );
}
